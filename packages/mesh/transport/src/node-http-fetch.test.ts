import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { serveOnLoopback } from "../test/serve-on-loopback.js";
import { nodeHttpFetch } from "./node-http-fetch.js";

interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let seen: Seen | undefined;
/** Lets the event-stream route end its response when a test says so. */
let endStream: (() => void) | undefined;
/** How the last event-stream response closed. */
let streamClosed: Promise<string> | undefined;
const server: Server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen = { method: req.method ?? "", headers: req.headers, body };
  const path = req.url ?? "/";
  if (path === "/json") {
    res.writeHead(200, "Fine", { "Content-Type": "application/json", "X-Many": ["a", "b"] });
    res.end('{"ok":true,"text":"é"}');
  } else if (path === "/empty") {
    res.writeHead(204).end();
  } else if (path === "/missing") {
    res.writeHead(404, { "content-type": "text/plain" }).end("no such thing");
  } else if (path === "/stream") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: first\n\n");
    endStream = () => res.end("data: last\n\n");
    streamClosed = new Promise((resolve) => {
      res.on("close", () => resolve(res.writableEnded ? "ended" : "closed early"));
    });
  } else if (path === "/slow") {
    setTimeout(() => res.end("late"), 5000).unref();
  } else {
    res.end(req.method === "HEAD" ? undefined : "plain");
  }
});

const loopback = serveOnLoopback(server);

describe("nodeHttpFetch", () => {
  it("answers status, headers by any case, and the body as text or JSON", async () => {
    const response = await nodeHttpFetch(`${loopback()}/json`);
    expect(response).toMatchObject({ status: 200, statusText: "Fine", ok: true });
    expect(response.url).toBe(`${loopback()}/json`);
    expect(response.headers.get("CONTENT-TYPE")).toBe("application/json");
    expect(response.headers.get("x-many")).toBe("a, b");
    expect(response.headers.get("x-absent")).toBeNull();
    expect(await response.json()).toEqual({ ok: true, text: "é" });
    expect((await nodeHttpFetch(`${loopback()}/json`).then((r) => r.text())).length).toBe(22);
  });

  it.each([
    ["a record", { "X-Token": "t1", "Content-Type": "application/json" }],
    ["Headers", new Headers({ "x-token": "t1", "content-type": "application/json" })],
    [
      "pairs",
      [
        ["x-token", "t1"],
        ["content-type", "application/json"],
      ],
    ],
  ])("sends the method, headers given as %s, and a string body", async (_label, headers) => {
    const response = await nodeHttpFetch(`${loopback()}/echo`, {
      method: "POST",
      headers: headers as HeadersInit,
      body: '{"a":1}',
    });
    expect(await response.text()).toBe("plain");
    expect(seen).toMatchObject({
      method: "POST",
      headers: { "x-token": "t1", "content-type": "application/json" },
      body: '{"a":1}',
    });
  });

  it("sends a byte body as is", async () => {
    await nodeHttpFetch(`${loopback()}/echo`, {
      method: "POST",
      body: new TextEncoder().encode("hé"),
    });
    expect(seen?.body).toBe("hé");
  });

  it("refuses a body it cannot send, saying what it sends", async () => {
    await expect(
      nodeHttpFetch(`${loopback()}/echo`, { method: "POST", body: new URLSearchParams("a=1") }),
    ).rejects.toThrow(/a string or bytes/);
  });

  it.each([
    ["a 204", "/empty", "GET"],
    ["a HEAD request", "/echo", "HEAD"],
  ])("gives no body for %s", async (_label, path, method) => {
    const response = await nodeHttpFetch(`${loopback()}${path}`, { method });
    expect(response.body).toBeNull();
    expect(await response.text()).toBe("");
  });

  it("answers an error status as a response, not a rejection", async () => {
    const response = await nodeHttpFetch(`${loopback()}/missing`);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("no such thing");
  });

  it("streams the body: the first event is readable before the response ends", async () => {
    const response = await nodeHttpFetch(`${loopback()}/stream`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    endStream?.();
    const rest: string[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest.push(new TextDecoder().decode(chunk.value));
    }
    expect(rest.join("")).toBe("data: last\n\n");
  });

  it("rejects with a TypeError whose cause is the socket error when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await nodeHttpFetch(`http://127.0.0.1:${port}/`).catch((error) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("fetch failed");
    expect(failure.cause).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("rejects with the signal's reason, whether aborted before or while waiting", async () => {
    const reason = new Error("stop now");
    await expect(
      nodeHttpFetch(`${loopback()}/echo`, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${loopback()}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });

  it("takes a URL object, and refuses a Request, saying what it takes", async () => {
    expect((await nodeHttpFetch(new URL(`${loopback()}/echo`))).status).toBe(200);
    await expect(nodeHttpFetch(new Request(`${loopback()}/echo`))).rejects.toThrow(
      /a URL or a URL string/,
    );
  });

  it("speaks TLS to an https URL (here a plain HTTP server, so the handshake fails)", async () => {
    const failure = await nodeHttpFetch(loopback().replace("http:", "https:")).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.cause).toMatchObject({ code: expect.stringMatching(/SSL|EPROTO/) });
  });

  it("refuses a URL that is neither http nor https", async () => {
    await expect(nodeHttpFetch("ftp://127.0.0.1/")).rejects.toThrow(/unsupported protocol ftp:/);
  });
});

describe("nodeHttpFetch's body", () => {
  it("reads once: text() after text() is refused", async () => {
    const response = await nodeHttpFetch(`${loopback()}/json`);
    await response.text();
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it("closes the connection when the stream is cancelled", async () => {
    const response = await nodeHttpFetch(`${loopback()}/stream`);
    await response.body?.cancel();
    // The server sees its response closed without having ended it.
    await expect(streamClosed).resolves.toBe("closed early");
  });
});
