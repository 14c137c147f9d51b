import { describe, expect, it } from "vitest";
import type { RunningGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, gatewaysClosedAfterEach, register, send } from "./helpers.js";

const startGateway = gatewaysClosedAfterEach();

async function start(): Promise<{ gateway: RunningGateway; token: string }> {
  const gateway = await startGateway();
  await register(gateway, "alice");
  await register(gateway, "bob");
  return { gateway, token: await gateway.issueToken("bob") };
}

const refused = { error: "secret_detected", message: expect.any(String), rule: expect.any(String) };

describe("the gateway's own tokens in every stored string", () => {
  it.each([
    ["thread_id", "peer"],
    ["related_task_id", "peer"],
    ["thread_id", "admin"],
    ["related_task_id", "admin"],
  ])("refuses a send with a live %s token (%s) with 422, storing nothing", async (field, which) => {
    const { gateway, token } = await start();
    const secret = which === "peer" ? token : ADMIN_TOKEN;
    const result = await send(gateway, {
      from_node: "alice",
      to_node: "bob",
      [field]: `see ${secret} here`,
    });
    expect(result.status).toBe(422);
    expect(result.json).toEqual(refused);
    expect((await call(gateway, "GET", "/messages?to=bob")).json.messages).toEqual([]);
  });

  it("takes thread ids and task ids that hold no live token", async () => {
    const { gateway } = await start();
    const stale = `mesh_${"A".repeat(48)}`;
    const result = await send(gateway, {
      from_node: "alice",
      to_node: "bob",
      thread_id: stale,
      related_task_id: "task-1",
    });
    expect(result.status).toBe(201);
  });

  it.each([
    ["url", (secret: string) => ({ url: `https://example.com/?t=${secret}` })],
    ["a capability value", (secret: string) => ({ capabilities: { note: secret } })],
    ["a capability key", (secret: string) => ({ capabilities: { [secret]: true } })],
    ["a nested extra field", (secret: string) => ({ profile: { keys: ["x", secret] } })],
  ])(
    "refuses a registration with a live token in %s with 422, storing nothing",
    async (_where, fields) => {
      const { gateway, token } = await start();
      for (const secret of [token, ADMIN_TOKEN]) {
        const result = await call(gateway, "POST", "/peers/register", {
          body: { name: "carol", ...fields(secret) },
        });
        expect(result.status).toBe(422);
        expect(result.json).toEqual(refused);
      }
      const peers = (await call(gateway, "GET", "/peers")).json.peers as Array<{ name: string }>;
      expect(peers.map((peer) => peer.name)).toEqual(["alice", "bob"]);
    },
  );
});
