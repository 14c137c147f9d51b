import { startGateway } from "@mesh/gateway";
import { clearRegistryCache } from "@mesh/names";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CredentialLeakError,
  MeshAuthError,
  MeshClient,
  MeshValidationError,
  type Message,
  NotInRegistryError,
} from "../src/index.js";

const ADMIN_TOKEN = "admin-token-for-client-tests-0123456789";

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway;
let droplet: MeshClient;
let lab: MeshClient;
let admin: MeshClient;
let dropletToken: string;

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  dropletToken = await gateway.issueToken("droplet");
  const labToken = await gateway.issueToken("lab-ovh");
  droplet = new MeshClient({ node: "drop", gatewayUrl: gateway.url, token: dropletToken });
  lab = new MeshClient({ node: "lab-claude", gatewayUrl: gateway.url, token: labToken });
  admin = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  await droplet.register({ url: "http://droplet.local:9000", capabilities: { runtime: "node" } });
  await lab.register({ capabilities: { can_claim_tasks: true } });
});

afterAll(async () => {
  await Promise.all([droplet?.close(), lab?.close(), admin?.close()]);
  await gateway?.close();
});

beforeEach(() => {
  clearRegistryCache();
});

/** Every message in droplet's inbox, read with the admin token so nothing is filtered. */
async function dropletInbox(): Promise<Message[]> {
  return admin.fetch({ toNode: "droplet", limit: 1000 });
}

describe("MeshClient against the real gateway", () => {
  it("normalizes its own name through the aliases", () => {
    expect(droplet.node).toBe("droplet");
    expect(lab.node).toBe("lab-ovh");
  });

  it("reads MESH_ALIASES when it is made, and refuses a malformed value then", async () => {
    vi.stubEnv("MESH_ALIASES", "dl=droplet");
    try {
      const client = new MeshClient({ node: "dl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
      vi.stubEnv("MESH_ALIASES", "");
      expect(client.node).toBe("droplet");
      const sent = await client.send({ to: "dl", kind: "fyi", content: "alias read at start" });
      expect(sent?.to_node).toBe("droplet");
      await client.close();
      vi.stubEnv("MESH_ALIASES", "dl");
      expect(() => new MeshClient({ node: "droplet", gatewayUrl: gateway.url })).toThrow(
        expect.objectContaining({
          code: "invalid_options",
          message: expect.stringMatching(/MESH_ALIASES/),
        }),
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("registers and lists peers, keeping capabilities and ISO timestamps", async () => {
    const peers = await droplet.listPeers();
    const byName = new Map(peers.map((peer) => [peer.name, peer]));
    expect(byName.get("droplet")).toMatchObject({
      url: "http://droplet.local:9000",
      capabilities: { runtime: "node" },
      enabled: true,
    });
    expect(byName.get("lab-ovh")?.capabilities).toEqual({ can_claim_tasks: true });
    const registeredAt = byName.get("droplet")?.registered_at;
    expect(typeof registeredAt).toBe("string");
    expect(Number.isNaN(Date.parse(registeredAt ?? ""))).toBe(false);
    const again = await droplet.register({ url: "http://droplet.local:9001" });
    expect(again?.registered_at).toBe(registeredAt);
    expect(again?.url).toBe("http://droplet.local:9001");
  });

  it("sends to an alias and reads the message back from the recipient's inbox", async () => {
    const sent = await lab.send({
      to: "drop",
      kind: "question",
      content: "can you take task 12?",
      relatedTaskId: "task-12",
      threadId: "t-1",
    });
    expect(sent).toMatchObject({ from_node: "lab-ovh", to_node: "droplet", kind: "question" });
    expect(sent).not.toHaveProperty("content");
    const inbox = await droplet.fetch();
    const received = inbox.find((message) => message.id === sent?.id);
    expect(received).toMatchObject({
      content: "can you take task 12?",
      related_task_id: "task-12",
      thread_id: "t-1",
      read_at: null,
    });
    expect(typeof received?.created_at).toBe("string");
  });

  it("marks read only on request, and unreadOnly then leaves the message out", async () => {
    const sent = (await lab.send({ to: "droplet", kind: "fyi", content: "deploy finished" }))!;
    await droplet.fetch();
    expect((await droplet.fetch({ unreadOnly: true })).map((m) => m.id)).toContain(sent.id);
    await droplet.markRead(sent.id);
    await droplet.markRead(sent.id);
    expect((await droplet.fetch({ unreadOnly: true })).map((m) => m.id)).not.toContain(sent.id);
    const read = (await droplet.fetch()).find((m) => m.id === sent.id);
    expect(typeof read?.read_at).toBe("string");
  });

  it("drops own-sent rows from its own inbox but not from another's", async () => {
    const self = (await droplet.send({ to: "droplet", kind: "status", content: "note to self" }))!;
    expect((await droplet.fetch()).map((m) => m.id)).not.toContain(self.id);
    expect((await dropletInbox()).map((m) => m.id)).toContain(self.id);
  });

  it("honours limit, oldest first", async () => {
    for (const n of [1, 2, 3]) {
      await lab.send({ to: "droplet", kind: "fyi", content: `batch ${n}` });
    }
    const page = await droplet.fetch({ limit: 2 });
    expect(page.length).toBeLessThanOrEqual(2);
    expect(page.map((m) => m.id)).toEqual([...page.map((m) => m.id)].sort((a, b) => a - b));
  });

  it("sends an idempotency key so a repeat stores nothing new", async () => {
    const before = (await dropletInbox()).length;
    const first = await lab.send({
      to: "droplet",
      kind: "fyi",
      content: "once only",
      idempotencyKey: "client-test-key-1",
    });
    const second = await lab.send({
      to: "droplet",
      kind: "fyi",
      content: "once only",
      idempotencyKey: "client-test-key-1",
    });
    expect(second?.id).toBe(first?.id);
    expect(first).not.toBeNull();
    expect((await dropletInbox()).length).toBe(before + 1);
  });

  it("refuses an unregistered recipient and stores nothing", async () => {
    const before = (await dropletInbox()).length;
    await expect(
      lab.send({ to: "ghost-peer", kind: "fyi", content: "hello?" }),
    ).rejects.toBeInstanceOf(NotInRegistryError);
    await expect(
      lab.send({ to: "droplet", kind: "shout" as never, content: "hello?" }),
    ).rejects.toBeInstanceOf(MeshValidationError);
    expect((await dropletInbox()).length).toBe(before);
  });

  it("refuses content holding the client's own gateway token", async () => {
    const error = await droplet
      .send({ to: "lab-ovh", kind: "fyi", content: `my token is ${dropletToken}` })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CredentialLeakError);
    expect(String((error as Error).message)).not.toContain(dropletToken);
  });

  it("reports a rejected token and another peer's inbox as MeshAuthError", async () => {
    const stranger = new MeshClient({
      node: "droplet",
      gatewayUrl: gateway.url,
      token: "not-a-real-token-0123456789abcdef",
    });
    try {
      const rejected = await stranger.listPeers().catch((err: unknown) => err);
      expect(rejected).toBeInstanceOf(MeshAuthError);
      expect((rejected as MeshAuthError).status).toBe(401);
      expect((rejected as Error).message).toContain("MESH_GATEWAY_TOKEN");
    } finally {
      await stranger.close();
    }
    const forbidden = await droplet.fetch({ toNode: "lab-ovh" }).catch((err: unknown) => err);
    expect(forbidden).toBeInstanceOf(MeshAuthError);
    expect((forbidden as MeshAuthError).status).toBe(403);
  });

  it("watches the inbox: yields each new message once, never marks read, stops on abort", async () => {
    const start = await droplet.fetch();
    const afterId = Math.max(
      0,
      ...start.map((m) => m.id),
      ...(await dropletInbox()).map((m) => m.id),
    );
    const controller = new AbortController();
    const seen: Message[] = [];
    const watching = (async () => {
      for await (const message of droplet.watch({
        afterId,
        intervalMs: 20,
        waitMs: 1000,
        signal: controller.signal,
      })) {
        seen.push(message);
        if (seen.length === 3) controller.abort();
      }
    })();
    await lab.send({ to: "droplet", kind: "fyi", content: "w1" });
    await lab.send({ to: "droplet", kind: "fyi", content: "w2" });
    await droplet.send({ to: "droplet", kind: "fyi", content: "own, skipped" });
    await lab.send({ to: "droplet", kind: "fyi", content: "w3" });
    await watching;
    expect(seen.map((m) => m.content)).toEqual(["w1", "w2", "w3"]);
    const unread = await droplet.fetch({ unreadOnly: true });
    for (const message of seen) {
      expect(unread.map((m) => m.id)).toContain(message.id);
    }
  });

  it("ends a watch cleanly when the client closes during a long poll", async () => {
    const token = await gateway.issueToken("gpu-wsl");
    const watcher = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token });
    await watcher.register();
    const latest = Math.max(0, ...(await admin.fetch({ toNode: "gpu-wsl" })).map((m) => m.id));
    const iterator = watcher.watch({ afterId: latest, waitMs: 10_000 });
    const next = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await watcher.close();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
  });
});
