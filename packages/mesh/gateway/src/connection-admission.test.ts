import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionAdmission } from "./connection-admission.js";
import { gatedServerFactory } from "./gated-server-factory.js";
import { RequestGate } from "./request-gate.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A connection that sends one request to `path` and collects the reply. */
function ask(port: number, path: string) {
  const socket = net.connect(port, "127.0.0.1");
  const state = { text: "" };
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    state.text += chunk;
  });
  socket.on("error", () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  return state;
}

/** A connection that connects and sends nothing until the test writes to it. */
async function quietConnection(port: number): Promise<net.Socket> {
  const quiet = net.connect(port, "127.0.0.1");
  quiet.on("error", () => {});
  await new Promise((resolve) => quiet.once("connect", resolve));
  return quiet;
}

describe("ConnectionAdmission", () => {
  async function admitted(slots: number) {
    const gate = new RequestGate({ inFlight: 8, pauseAt: 64, perConnection: 1024, total: 65_536 });
    const admission = new ConnectionAdmission({ slots });
    const seen: string[] = [];
    const server = gatedServerFactory(gate, admission)(
      (request: IncomingMessage, response: ServerResponse) => {
        seen.push(request.url ?? "");
        response.end("ok");
      },
      { keepAliveTimeout: 5000, requestTimeout: 0, connectionTimeout: 0 },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { admission, seen, port: (server.address() as net.AddressInfo).port };
  }

  it("reads every new connection, each in turn, answering all of them", async () => {
    const { admission, seen, port } = await admitted(1);
    const clients = Array.from({ length: 20 }, (_, index) => ask(port, `/c${index}`));
    await until(() => clients.every((client) => client.text.includes("200")));
    expect([...seen].sort()).toEqual(clients.map((_, index) => `/c${index}`).sort());
    expect(admission.pending).toBe(0);
  });

  it("lets a connection that sends nothing hold no one back", async () => {
    const { seen, port } = await admitted(1);
    const quiet = await quietConnection(port);
    const waiting = ask(port, "/waiting");
    await until(() => waiting.text.includes("200"));
    expect(seen).toEqual(["/waiting"]);
    quiet.write("GET /quiet HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await until(() => seen.length === 2);
    expect(seen).toEqual(["/waiting", "/quiet"]);
    quiet.destroy();
  });
});
