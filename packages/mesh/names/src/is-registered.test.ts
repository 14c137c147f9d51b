import { describe, expect, it } from "vitest";
import { closedPortUrl, type PeersServer } from "../test/peers-server.js";
import { usePeersServer } from "../test/use-peers-server.js";
import { isRegistered } from "./is-registered.js";

let server: PeersServer;

usePeersServer({ json: [{ node_name: "droplet" }, { peer_name: "lab-ovh" }] }, (started) => {
  server = started;
});

describe("isRegistered", () => {
  it.each([
    ["droplet", true],
    ["drop", true],
    ["lab-claude", true],
    ["ws-lc", false],
    ["ghost-peer", false],
    ["Lab-OVH", false],
    ["droplet\n", false],
    [42, false],
    [null, false],
  ])("answers %j -> %s", async (name, expected) => {
    await expect(isRegistered(name, { gatewayUrl: server.url })).resolves.toBe(expected);
  });

  it("answers false when the gateway is unreachable", async () => {
    await expect(isRegistered("droplet", { gatewayUrl: await closedPortUrl() })).resolves.toBe(
      false,
    );
  });

  it("answers false on a malformed body or a timeout", async () => {
    server.reply({ json: { data: [] } });
    await expect(isRegistered("droplet", { gatewayUrl: server.url })).resolves.toBe(false);
    server.reply({ hang: "headers" });
    await expect(isRegistered("droplet", { gatewayUrl: server.url, timeout: 50 })).resolves.toBe(
      false,
    );
  });

  it("answers false on bad options instead of throwing", async () => {
    await expect(isRegistered("droplet", { ttlSeconds: -5 })).resolves.toBe(false);
    await expect(isRegistered("droplet", { gatewayUrl: "::" })).resolves.toBe(false);
  });
});
