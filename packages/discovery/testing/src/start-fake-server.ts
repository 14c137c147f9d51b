import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a fake server received, as it arrived. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v1/organization/costs`. */
  path: string;
  query: URLSearchParams;
  /** Header names lowercased; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Raw request body (empty string when none). */
  body: string;
}

/** What a fake server answers. Fields combine: a delay, then a status and body. */
export interface FakeResponse {
  /** HTTP status. Default 200. */
  status?: number;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** Serialised as the JSON body (ignored when `body` is given). */
  json?: unknown;
  /** Raw body, sent as is (for malformed or non-JSON answers). */
  body?: string;
  /** Wait this many milliseconds before answering. Default 0. */
  delayMs?: number;
  /** Destroy the connection instead of answering (a dropped connection). */
  drop?: boolean;
}

/** Decides the answer to one request. */
export type FakeHandler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

/** A running fake server on 127.0.0.1. */
export interface FakeServer {
  /** Base address, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /**
   * Answers the next requests with these responses, one each, before the
   * handler sees any request again (for errors, delays and malformed bodies).
   */
  enqueue(...responses: FakeResponse[]): void;
  /** Answers every later request with this response until `reset()` (a vendor outage). */
  failAll(response: FakeResponse): void;
  /** Drops queued and permanent overrides, and forgets recorded requests. */
  reset(): void;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts a fake HTTP server on 127.0.0.1 and a free port, answering through `handler`. */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeResponse[] = [];
  let permanent: FakeResponse | undefined;

  const server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: flattenHeaders(req),
        body,
      };
      requests.push(recorded);
      const response = queue.shift() ?? permanent ?? (await answer(handler, recorded));
      // A response Node refuses to write (e.g. an invalid status) drops the
      // connection instead of becoming an unhandled rejection.
      await send(res, response).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    failAll: (response) => {
      permanent = response;
    },
    reset: () => {
      queue.length = 0;
      permanent = undefined;
      requests.length = 0;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

async function answer(handler: FakeHandler, request: RecordedRequest): Promise<FakeResponse> {
  try {
    return await handler(request);
  } catch (error) {
    return { status: 500, json: { error: `fake server handler failed: ${String(error)}` } };
  }
}

async function send(res: ServerResponse, response: FakeResponse): Promise<void> {
  if (response.delayMs) await new Promise((resolve) => setTimeout(resolve, response.delayMs));
  if (response.drop) {
    res.socket?.destroy();
    return;
  }
  if (res.destroyed) return;
  const body = response.body ?? (response.json === undefined ? "" : JSON.stringify(response.json));
  const headers: Record<string, string> = { ...response.headers };
  if (response.body === undefined && response.json !== undefined) {
    headers["content-type"] ??= "application/json";
  }
  res.writeHead(response.status ?? 200, headers);
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}
