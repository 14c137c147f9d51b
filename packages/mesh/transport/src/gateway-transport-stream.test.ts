import { createServer, type IncomingHttpHeaders } from "node:http";
import { MeshAuthError, MeshGatewayError } from "@mesh/errors";
import { describe, expect, it } from "vitest";
import { serveOnLoopback } from "../test/serve-on-loopback.js";
import { GatewayTransport } from "./gateway-transport.js";
import { nodeHttpFetch } from "./node-http-fetch.js";
import { readEventStream } from "./read-event-stream.js";

let seen: { url: string; headers: IncomingHttpHeaders } | undefined;
const server = createServer((req, res) => {
  seen = { url: req.url ?? "", headers: req.headers };
  if (req.url?.startsWith("/refused")) {
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
  } else if (req.url?.startsWith("/silent")) {
    // Never answers: the headers deadline must end the call.
  } else if (req.url?.startsWith("/quiet")) {
    res.writeHead(200, { "content-type": "text/event-stream" }).write(": hello\n\n");
  } else {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end('id: 7\n\nid: 8\ndata: {"a":1}\n\n');
  }
});
const loopback = serveOnLoopback(server);

const transport = (fetch?: typeof globalThis.fetch) =>
  new GatewayTransport({
    gatewayUrl: loopback(),
    token: "peer-token-0123456789",
    timeout: 200,
    retries: 2,
    retryDelayMs: 0,
    fetch,
  });

describe.each([
  ["the global fetch", undefined],
  ["nodeHttpFetch", nodeHttpFetch],
])("GatewayTransport.openStream over %s", (_label, fetch) => {
  it("sends the token, query and headers, and answers the body unread", async () => {
    const controller = new AbortController();
    const response = await transport(fetch).openStream({
      path: "/messages/stream",
      query: { to: "droplet" },
      headers: { "last-event-id": "6" },
      signal: controller.signal,
    });
    expect(seen?.url).toBe("/messages/stream?to=droplet");
    expect(seen?.headers).toMatchObject({
      authorization: "Bearer peer-token-0123456789",
      "last-event-id": "6",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const blocks = [];
    const body = response.body as NonNullable<typeof response.body>;
    for await (const block of readEventStream(body, {
      maxLineChars: 100,
      idleMs: 60_000,
      onIdle: () => controller.abort(),
    })) {
      blocks.push(block);
    }
    expect(blocks).toEqual([
      { id: "7", event: "message", data: undefined },
      { id: "8", event: "message", data: '{"a":1}' },
    ]);
  });

  it("maps 401 to MeshAuthError, like every other call", async () => {
    const failure = await transport(fetch)
      .openStream({ path: "/refused", signal: new AbortController().signal })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MeshAuthError);
    expect((failure as MeshAuthError).status).toBe(401);
  });

  it("gives up when the headers do not come within the timeout, and never retries", async () => {
    const failure = await transport(fetch)
      .openStream({ path: "/silent", signal: new AbortController().signal })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MeshGatewayError);
    expect((failure as Error).message).toMatch(/^GET \/silent timed out after 200 ms/);
    expect((failure as MeshGatewayError).isRetryable).toBe(true);
  });

  it("rethrows the caller's abort reason as is", async () => {
    const controller = new AbortController();
    const reason = new Error("stopped by the caller");
    const opening = transport(fetch).openStream({ path: "/silent", signal: controller.signal });
    controller.abort(reason);
    await expect(opening).rejects.toBe(reason);
  });

  it("tells onIdle when an open stream stays silent", async () => {
    const controller = new AbortController();
    const response = await transport(fetch).openStream({
      path: "/quiet",
      signal: controller.signal,
    });
    const body = response.body as NonNullable<typeof response.body>;
    let idle = false;
    const reading = (async () => {
      for await (const _block of readEventStream(body, {
        maxLineChars: 100,
        idleMs: 50,
        onIdle: () => {
          idle = true;
          controller.abort();
        },
      })) {
        // A comment yields no block.
      }
    })();
    await expect(reading).rejects.toThrow();
    expect(idle).toBe(true);
  });
});
