import net from "node:net";
import { describe, expect, it } from "vitest";
import type { RunningGateway } from "../src/index.js";
import { call, gatewaysClosedAfterEach } from "./helpers.js";

const start = gatewaysClosedAfterEach();

/**
 * Opens a connection that writes `count` pipelined `GET /openapi.json` and never reads; the
 * kernel's buffers fill, then the gateway's. Returns the socket (destroy it when done).
 */
function pipelineWithoutReading(url: string, count: number): net.Socket {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.pause();
  socket.on("error", () => {});
  socket.on("connect", () => {
    socket.write("GET /openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(count));
  });
  return socket;
}

async function metric(gateway: RunningGateway, name: string): Promise<number> {
  const text = (await call(gateway, "GET", "/metrics")).text;
  const line = text.split("\n").find((row) => row.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
}

/** Polls a metric until `accept` holds or `ms` pass; returns its last value. */
async function metricUntil(
  gateway: RunningGateway,
  name: string,
  accept: (value: number) => boolean,
  ms = 15_000,
): Promise<number> {
  const deadline = Date.now() + ms;
  let value = await metric(gateway, name);
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await metric(gateway, name);
  }
  return value;
}

const CLOSED = "mesh_gateway_reply_connections_closed_total";
const PIPELINING_CLOSED = "mesh_gateway_pipelining_connections_closed_total";
const QUEUED = "mesh_gateway_queued_reply_bytes";

describe("replies queued for clients that do not read", () => {
  it("closes connections that pipeline a thousand requests and never read, and serves others", async () => {
    const gateway = await start({ replyStallTimeoutMs: 500 });
    // Within the pipelining bound (1024): the reply budget is what closes them.
    const sockets = Array.from({ length: 8 }, () => pipelineWithoutReading(gateway.url, 1000));
    try {
      expect(await metricUntil(gateway, CLOSED, (closed) => closed >= 8)).toBe(8);
      expect(sockets.every((socket) => socket.readyState !== "closed")).toBe(true);
      expect((await call(gateway, "GET", "/health", { token: null })).status).toBe(200);
      expect(await metricUntil(gateway, QUEUED, (bytes) => bytes === 0)).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("closes connections that pipeline more unanswered requests than maxPipelinedRequests, and serves others", async () => {
    const gateway = await start({ maxPipelinedRequests: 100 });
    const sockets = Array.from({ length: 8 }, () => pipelineWithoutReading(gateway.url, 3000));
    try {
      expect(await metricUntil(gateway, PIPELINING_CLOSED, (closed) => closed >= 8)).toBe(8);
      expect((await call(gateway, "GET", "/health", { token: null })).status).toBe(200);
      expect(await metric(gateway, CLOSED)).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("closes pipelining connections while all connections hold more than maxPipelinedRequestsTotal", async () => {
    const gateway = await start({ maxPipelinedRequestsTotal: 200, replyStallTimeoutMs: 60_000 });
    // 8 x 100: within each connection's bound, past the total once the third arrives.
    const sockets = Array.from({ length: 8 }, () => pipelineWithoutReading(gateway.url, 100));
    try {
      expect(
        await metricUntil(gateway, PIPELINING_CLOSED, (closed) => closed >= 1),
      ).toBeGreaterThan(0);
      expect((await call(gateway, "GET", "/health", { token: null })).status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("closes a connection whose queued replies pass the per-connection bound", async () => {
    // Larger than the bound on its own: the reply is never written, the connection closed.
    const gateway = await start({ maxQueuedReplyBytes: 4096 });
    const { hostname, port } = new URL(gateway.url);
    const closed = await new Promise<{ closed: boolean; data: string }>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve({ closed: true, data }));
      socket.write("GET /openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n");
    });
    expect(closed).toEqual({ closed: true, data: "" });
    expect((await call(gateway, "GET", "/health", { token: null })).status).toBe(200);
  });

  it("closes connections past the total bound while each is within its own", async () => {
    const gateway = await start({ maxQueuedReplyBytesTotal: 4096 });
    const replies = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(gateway, "GET", "/openapi.json", { token: null }).catch(() => undefined),
      ),
    );
    expect(replies.every((reply) => reply === undefined)).toBe(true);
    expect((await call(gateway, "GET", "/health", { token: null })).status).toBe(200);
  });

  it("serves a client that pipelines small requests and reads", async () => {
    const gateway = await start({ maxQueuedReplyBytes: 256 * 1024, replyStallTimeoutMs: 500 });
    const { hostname, port } = new URL(gateway.url);
    const socket = net.connect(Number(port), hostname);
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    // 500 small replies at once stay under the bound even before the client reads any.
    socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(500));
    const count = () => (text.match(/HTTP\/1\.1 200/g) ?? []).length;
    const deadline = Date.now() + 20_000;
    while (count() < 500 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.destroy();
    expect(count()).toBe(500);
    expect(await metric(gateway, CLOSED)).toBe(0);
    expect(await metric(gateway, PIPELINING_CLOSED)).toBe(0);
  });
});
