import { CliError, EXIT_OK, EXIT_USAGE, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { openClient } from "./open-client.js";

export interface RegisterCommandOptions {
  url?: string;
  capabilities?: string;
}

/** `mesh register`: registers (or updates) the own peer. JSON: `{ "peer": Peer }`. */
export async function registerCommand(
  context: CommandContext,
  options: RegisterCommandOptions,
): Promise<number> {
  const capabilities = parseCapabilities(options.capabilities);
  if (options.url !== undefined) assertPeerUrl(options.url);
  const client = await openClient(context, { requireNode: true });
  try {
    const peer = await withProgress(context.io, "registering", () =>
      client.register({
        ...(options.url !== undefined ? { url: options.url } : {}),
        ...(capabilities !== undefined ? { capabilities } : {}),
      }),
    );
    if (context.json) context.printJson({ peer });
    else if (peer === null) {
      context.io.stdout.write(
        `registered ${client.node} (the gateway acknowledged without a record)\n`,
      );
    } else {
      const { out } = context;
      context.io.stdout.write(
        `registered ${out.cyan(peer.name)}${peer.url ? ` at ${peer.url}` : ""} ${out.dim(
          `capabilities ${JSON.stringify(peer.capabilities ?? {})}`,
        )}\n`,
      );
    }
    return EXIT_OK;
  } finally {
    await client.close();
  }
}

function parseCapabilities(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError({
      message: "--capabilities is not valid JSON",
      exitCode: EXIT_USAGE,
      hint: `pass a JSON object, e.g. --capabilities '{"can_claim_tasks":true}'`,
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliError({
      message: "--capabilities must be a JSON object",
      exitCode: EXIT_USAGE,
      hint: `pass a JSON object, e.g. --capabilities '{"can_claim_tasks":true}'`,
    });
  }
  return value as Record<string, unknown>;
}

/** The gateway stores `--url` for other peers to call; refuse what they could not. */
function assertPeerUrl(text: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== "http:" && protocol !== "https:") {
    throw new CliError({
      message: "--url is not an http(s) address",
      exitCode: EXIT_USAGE,
      hint: "pass the full address of your service, e.g. --url http://10.0.0.5:8080",
    });
  }
}
