import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionAdmission } from "./connection-admission.js";
import { gatedServerFactory } from "./gated-server-factory.js";
import { RequestGate, type RequestGateOptions } from "./request-gate.js";

/** A gated server whose handler holds every response until the test answers it. */
interface Held {
  server: Server;
  gate: RequestGate;
  port: number;
  /** Paths handed to the handler, in order. */
  seen: string[];
  /** Responses handed to the handler and not yet answered, oldest first. */
  open: ServerResponse[];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function heldServer(options: Partial<RequestGateOptions>): Promise<Held> {
  const gate = new RequestGate({
    inFlight: 2,
    pauseAt: 1000,
    perConnection: 1000,
    total: 10_000,
    ...options,
  });
  const admission = new ConnectionAdmission({ slots: 100 });
  const seen: string[] = [];
  const open: ServerResponse[] = [];
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    seen.push(request.url ?? "");
    open.push(response);
  };
  const server = gatedServerFactory(gate, admission)(handler, {
    keepAliveTimeout: 5000,
    requestTimeout: 0,
    connectionTimeout: 0,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { server, gate, port, seen, open };
}

/** A connection that writes `count` pipelined GETs of `/<tag>-<n>` at once; collects replies. */
function pipeline(port: number, tag: string, count: number) {
  const socket = net.connect(port, "127.0.0.1");
  const state = { text: "", closed: false, socket };
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    state.text += chunk;
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    state.closed = true;
  });
  const requests = Array.from(
    { length: count },
    (_, index) => `GET /${tag}-${index} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
  );
  socket.write(requests.join(""));
  return state;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Answers the oldest held response. */
function answerOne(held: Held): void {
  held.open.shift()!.end("ok");
}

describe("RequestGate", () => {
  it("hands a connection's pipelined requests on a few at a time, in order, as earlier ones are answered", async () => {
    const held = await heldServer({ inFlight: 2 });
    const client = pipeline(held.port, "a", 5);
    await until(() => held.gate.held === 5);
    expect(held.seen).toEqual(["/a-0", "/a-1"]);
    answerOne(held);
    await until(() => held.seen.length === 3);
    expect(held.seen).toEqual(["/a-0", "/a-1", "/a-2"]);
    while (held.seen.length < 5 || held.open.length > 0) {
      if (held.open.length > 0) answerOne(held);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await until(() => (client.text.match(/HTTP\/1\.1 200/g) ?? []).length === 5);
    expect(held.seen).toEqual(["/a-0", "/a-1", "/a-2", "/a-3", "/a-4"]);
    expect(held.gate.closed).toBe(0);
  });

  it("stops reading a connection at pauseAt unanswered requests and reads on once half are answered", async () => {
    const held = await heldServer({ inFlight: 4, pauseAt: 4 });
    const client = pipeline(held.port, "first", 4);
    await until(() => held.gate.held === 4);
    client.socket.write("GET /second HTTP/1.1\r\nHost: localhost\r\n\r\n");
    // A request on another connection answered after the write: the server has run since.
    const other = pipeline(held.port, "other", 1);
    await until(() => held.seen.includes("/other-0"));
    held.open.find((response) => response.req.url === "/other-0")!.end("ok");
    await until(() => other.text.includes("200"));
    expect(held.seen).not.toContain("/second");
    answerOne(held);
    answerOne(held);
    await until(() => held.seen.includes("/second"));
    expect(held.gate.closed).toBe(0);
  });

  it("closes a connection past perConnection unanswered requests without handing on the rest", async () => {
    const held = await heldServer({ inFlight: 2, perConnection: 10 });
    const client = pipeline(held.port, "a", 50);
    await until(() => client.closed);
    expect(held.gate.closed).toBe(1);
    expect(held.seen).toEqual(["/a-0", "/a-1"]);
    await until(() => held.gate.held === 0);
  });

  it("closes a pipelining connection once all connections hold more than total, not one within inFlight", async () => {
    const held = await heldServer({ inFlight: 2, perConnection: 100, total: 10 });
    const first = pipeline(held.port, "a", 8);
    await until(() => held.gate.held === 8);
    const second = pipeline(held.port, "b", 8);
    await until(() => second.closed);
    const third = pipeline(held.port, "c", 1);
    await until(() => held.seen.includes("/c-0"));
    expect(first.closed).toBe(false);
    expect(third.closed).toBe(false);
    expect(held.gate.closed).toBe(1);
  });
});
