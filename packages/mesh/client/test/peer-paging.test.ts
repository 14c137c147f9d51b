import { startGateway } from "@mesh/gateway";
import { clearRegistryCache, isRegistered } from "@mesh/names";
import { MAX_PEER_LIMIT, MAX_PEER_PAGES } from "@mesh/protocol";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MeshClient, MeshGatewayError } from "../src/index.js";
import { json, type ScriptedServer, startScriptedServer } from "./scripted-server.js";

const ADMIN_TOKEN = "admin-token-for-peer-paging-0123456789";
/** Two full pages and one more peer: the listing spans three pages. */
const PEER_COUNT = 2 * MAX_PEER_LIMIT + 1;

type Gateway = Awaited<ReturnType<typeof startGateway>>;

/** `p-0001` … in name order, so the 1,001st peer is the first of the second page. */
const peerName = (i: number) => `p-${String(i).padStart(4, "0")}`;

describe("peer listing against a real gateway with more than one page of peers", () => {
  let gateway: Gateway;
  let client: MeshClient;

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
    });
    const at = new Date().toISOString();
    // Through storage: thousands of HTTP registrations would only slow the test down.
    for (let i = 1; i <= PEER_COUNT; i++) {
      await gateway.storage.registerPeer({
        name: peerName(i),
        url: null,
        capabilities: {},
        extra: {},
        at,
      });
    }
    client = new MeshClient({ node: "p-0001", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  });

  afterAll(async () => {
    await client?.close();
    await gateway?.close();
  });

  beforeEach(() => {
    clearRegistryCache();
  });

  it("lists every peer once, in name order, across the pages", async () => {
    const names = (await client.listPeers()).map((peer) => peer.name);
    expect(names).toHaveLength(PEER_COUNT);
    expect(names).toEqual(Array.from({ length: PEER_COUNT }, (_, i) => peerName(i + 1)));
  });

  it("finds the 1,001st peer in the registry check of send", async () => {
    const target = peerName(MAX_PEER_LIMIT + 1);
    const sent = await client.send({ to: target, kind: "fyi", content: "beyond the first page" });
    expect(sent?.to_node).toBe(target);
  });

  it("finds the last peer with isRegistered, which reads the registry on its own", async () => {
    const options = { gatewayUrl: gateway.url, token: ADMIN_TOKEN };
    await expect(isRegistered(peerName(PEER_COUNT), options)).resolves.toBe(true);
    await expect(isRegistered(peerName(PEER_COUNT + 1), options)).resolves.toBe(false);
  });
});

describe("peer listing against a gateway whose Link never ends", () => {
  let server: ScriptedServer;
  let client: MeshClient;

  beforeEach(async () => {
    clearRegistryCache();
    server = await startScriptedServer();
    // Every page announces another one, always after the same peer.
    server.handle((_req, res) => {
      res.setHeader("link", '</peers?after=droplet>; rel="next"');
      json(res, 200, { peers: [{ name: "droplet" }] });
    });
    client = new MeshClient({ node: "droplet", gatewayUrl: server.url, retryDelayMs: 1 });
  });

  afterEach(async () => {
    await client.close();
    await server.close();
  });

  it("stops after MAX_PEER_PAGES pages with an error that says so", async () => {
    const error = await client.listPeers().catch((err: unknown) => err);
    expect(MeshGatewayError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`after ${MAX_PEER_PAGES} pages`);
    expect(server.count("GET", "/peers")).toBe(MAX_PEER_PAGES);
    expect(server.requests.at(-1)?.query.get("after")).toBe("droplet");
  });

  it("stops the name registry read after MAX_PEER_PAGES pages too (the name counts as unknown)", async () => {
    const options = { gatewayUrl: server.url };
    await expect(isRegistered("droplet", options)).resolves.toBe(false);
    expect(server.count("GET", "/peers")).toBe(MAX_PEER_PAGES);
  });
});
