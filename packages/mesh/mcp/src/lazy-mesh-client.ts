import type { MeshClient, MeshClientOptions } from "@mesh/client";

/**
 * A `MeshClient` made on first use: `@mesh/client` (fetch, the credential guard, the stream
 * watcher) loads then, not before the server's first answers.
 */
export class LazyMeshClient {
  readonly #options: MeshClientOptions;
  #client: Promise<MeshClient> | undefined;

  constructor(options: MeshClientOptions) {
    this.#options = options;
  }

  /** The one client, made on the first call; a failure to make it is the answer of every call. */
  get(): Promise<MeshClient> {
    this.#client ??= import("@mesh/client").then(({ MeshClient }) => new MeshClient(this.#options));
    return this.#client;
  }

  /** Closes the client if one was made. */
  async close(): Promise<void> {
    const client = await this.#client?.catch(() => undefined);
    await client?.close();
  }
}
