import { lookup } from "node:dns/promises";
import type { Server } from "node:http";
import { createServer, type Server as NetServer } from "node:net";

/**
 * With `host` `localhost`, also accepts connections for `server` on the other addresses the name
 * has (127.0.0.1 and ::1), so a client that tries ::1 first is answered: Fastify does this for
 * `localhost` too, but only without a `serverFactory`, which the gateway uses. Each extra
 * listener hands its connections to `server` (Node's documented `connection` event), so they
 * get its limits, timeouts and shutdown. An address that cannot be bound (no IPv6) is skipped,
 * as Fastify skips it. Answers the function that stops the extra listeners.
 */
export async function listenOnOtherAddresses(
  server: Server,
  host: string,
  addressesOf: (name: string) => Promise<Array<{ address: string }>> = (name) =>
    lookup(name, { all: true }),
): Promise<() => Promise<void>> {
  const bound = server.address();
  if (host !== "localhost" || bound === null || typeof bound === "string") return async () => {};
  const addresses = await addressesOf(host).catch(() => []);
  const extra: NetServer[] = [];
  for (const { address } of addresses) {
    if (address === bound.address) continue;
    const listener = createServer((socket) => server.emit("connection", socket));
    const listening = await new Promise<boolean>((resolve) => {
      listener.once("error", () => resolve(false));
      listener.listen({ host: address, port: bound.port }, () => resolve(true));
    });
    if (listening) extra.push(listener);
  }
  return async () => {
    await Promise.all(
      extra.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve()))),
    );
  };
}
