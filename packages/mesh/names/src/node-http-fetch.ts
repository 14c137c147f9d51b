import type { IncomingMessage } from "node:http";
import { type HeaderInit, HeaderMap } from "./header-map.js";

/** Statuses whose response has no body, whatever the server sends. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` over `node:http` and `node:https`, for short-lived processes such as a command line.
 * Node's own `fetch` loads the undici bundle on its first call, which costs more than starting
 * Node itself (~40 ms here); this one loads nothing beyond what `node:http` needs.
 *
 * It covers what the mesh transport and `stream()` use: a method, headers, a string or byte
 * body and a signal in; `status`, `ok`, `headers.get`, `text()`, `json()` and `body` (a web
 * `ReadableStream`, for event streams) out. It does not follow redirects (a 3xx is returned as
 * is), ask for compression, or keep cookies. A failure to connect rejects with a `TypeError`
 * whose `cause` is the socket error, as Node's `fetch` does; an abort rejects with the
 * signal's reason.
 */
export async function nodeHttpFetch(
  input: RequestInfo | URL,
  init: RequestInit = {},
): Promise<Response> {
  // Not `instanceof Request`: touching that global loads undici.
  if (typeof input !== "string" && !(input instanceof URL)) {
    throw new TypeError("nodeHttpFetch takes a URL or a URL string, not a Request");
  }
  const url = new URL(input);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw signal.reason;
  const body = requestBody(init.body);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`fetch failed: unsupported protocol ${url.protocol}`);
  }
  // Built-ins by getBuiltinModule, not `import`: an ES import of node:http builds its namespace,
  // reading its lazy WebSocket export, which loads undici all the same.
  const http =
    url.protocol === "https:"
      ? process.getBuiltinModule("node:https")
      : process.getBuiltinModule("node:http");
  return new Promise<Response>((resolve, reject) => {
    // `Headers`, pairs and records alike: every form of HeadersInit iterates or has entries.
    const headers = Object.fromEntries(new HeaderMap(init.headers as HeaderInit | undefined));
    const request = http.request(url, { method: init.method ?? "GET", headers, signal });
    request.once("response", (response) => {
      resolve(toResponse(response, url, request.method === "HEAD"));
    });
    request.once("error", (error) => {
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    });
    request.end(body);
  });
}

function requestBody(body: RequestInit["body"]): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new TypeError("nodeHttpFetch sends a string or bytes as the body, nothing else");
}

function toResponse(response: IncomingMessage, url: URL, head: boolean): Response {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const status = response.statusCode ?? 0;
  const body = !head && !NULL_BODY_STATUSES.has(status) ? new ResponseBody(response) : null;
  if (body === null) response.resume();
  const text = async () => (body === null ? "" : body.text());
  const fields = {
    url: url.href,
    status,
    statusText: response.statusMessage ?? "",
    ok: status >= 200 && status <= 299,
    redirected: false,
    type: "basic",
    headers,
    body: body?.stream ?? null,
    get bodyUsed() {
      return body?.used ?? false;
    },
    text,
    json: async () => JSON.parse(await text()),
  };
  return fields as unknown as Response;
}

/**
 * A response body, readable once: as a web stream (pulled from the socket only when read, so an
 * event stream flows as it comes), or whole by `text()` straight from the socket. The second
 * skips the stream adapter and a TextDecoder, a few ms of a one-shot command's start-up.
 */
class ResponseBody {
  readonly stream: ReadableStream<Uint8Array>;
  readonly response: IncomingMessage;
  /** The socket's chunks, once the stream has been pulled. */
  #chunks: AsyncIterator<Buffer> | undefined;
  #read = false;

  constructor(response: IncomingMessage) {
    this.response = response;
    this.stream = new ReadableStream<Uint8Array>(
      {
        pull: (controller) => this.#pull(controller),
        cancel: () => {
          response.destroy();
        },
      },
      // No read-ahead: nothing is pulled until a reader asks.
      { highWaterMark: 0 },
    );
  }

  get used(): boolean {
    return this.#read || this.stream.locked;
  }

  async text(): Promise<string> {
    if (this.used) throw new TypeError("Body is unusable: the body has already been read");
    if (this.#chunks === undefined) {
      this.#read = true;
      const chunks: Buffer[] = [];
      for await (const chunk of this.response) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    }
    const decoder = new TextDecoder();
    let result = "";
    for await (const chunk of this.stream) result += decoder.decode(chunk, { stream: true });
    return result + decoder.decode();
  }

  /** Enqueues the next chunk, or closes the stream at the end; a failed read errors it. */
  async #pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    this.#chunks ??= this.response[Symbol.asyncIterator]();
    const next = await this.#chunks.next();
    if (next.done) controller.close();
    else controller.enqueue(new Uint8Array(next.value));
  }
}
