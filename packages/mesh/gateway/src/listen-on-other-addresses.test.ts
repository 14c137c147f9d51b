import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { afterEach, expect, it } from "vitest";
import { listenOnOtherAddresses } from "./listen-on-other-addresses.js";

/** Whether this machine can bind ::1 (IPv6 loopback may be off). */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once("error", () => resolve(false));
  probe.listen({ host: "::1", port: 0 }, () => probe.close(() => resolve(true)));
});

/** `localhost` as most machines resolve it (this one's hosts file may name 127.0.0.1 only). */
const bothLoopbacks = async () => [{ address: "127.0.0.1" }, { address: "::1" }];

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** An HTTP server on 127.0.0.1 that answers which server took the request. */
async function mainServer(): Promise<{ server: Server; port: number }> {
  const created = createHttpServer((_request, response) => response.end("main"));
  server = created;
  await new Promise<void>((resolve) => created.listen({ host: "127.0.0.1", port: 0 }, resolve));
  return { server: created, port: (created.address() as { port: number }).port };
}

const answer = (base: string) =>
  fetch(base, { headers: { connection: "close" } }).then(
    (response) => response.text(),
    (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? "failed",
  );

it.runIf(ipv6Loopback)(
  "hands connections on ::1 to the server bound to 127.0.0.1 for localhost, until stopped",
  async () => {
    const { server, port } = await mainServer();
    const stop = await listenOnOtherAddresses(server, "localhost", bothLoopbacks);
    expect(await answer(`http://[::1]:${port}`)).toBe("main");
    expect(await answer(`http://127.0.0.1:${port}`)).toBe("main");
    await stop();
    expect(await answer(`http://[::1]:${port}`)).toBe("ECONNREFUSED");
  },
);

it.runIf(ipv6Loopback)("binds nothing more for a host that is not localhost", async () => {
  const { server, port } = await mainServer();
  const stop = await listenOnOtherAddresses(server, "127.0.0.1", bothLoopbacks);
  expect(await answer(`http://[::1]:${port}`)).toBe("ECONNREFUSED");
  await stop();
});

it("skips an address it cannot bind", async () => {
  const { server, port } = await mainServer();
  const stop = await listenOnOtherAddresses(server, "localhost", async () => [
    { address: "127.0.0.1" },
    { address: "192.0.2.1" },
  ]);
  expect(await answer(`http://127.0.0.1:${port}`)).toBe("main");
  await stop();
});
