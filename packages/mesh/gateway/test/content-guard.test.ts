import { describe, expect, it } from "vitest";
import type { GatewayLogEntry, GatewayOptions, RunningGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, gatewaysClosedAfterEach, register, send } from "./helpers.js";

const AWS_KEY = "AKIAIOSFODNN7EXAMPLE";
const startGateway = gatewaysClosedAfterEach();

async function start(options: GatewayOptions): Promise<RunningGateway> {
  const gateway = await startGateway(options);
  for (const name of ["alice", "bob"]) await register(gateway, name);
  return gateway;
}

const skip = { "mesh-secret-check": "skip" };

describe("server-side content guard", () => {
  it("answers the repeat of an acknowledged send from its idempotency key before the guard", async () => {
    const gateway = await start({ contentGuard: "refuse" });
    const message = { from_node: "alice", to_node: "bob", content: `reviewed: ${AWS_KEY}` };
    const key = { "idempotency-key": "guard-repeat-1" };
    const first = await send(gateway, message, { headers: { ...key, ...skip } });
    expect(first.status).toBe(201);
    // The repeat lacks the reviewed-false-positive header: still the first message, not 422.
    const repeat = await send(gateway, message, { headers: key });
    expect(repeat.status).toBe(200);
    expect(repeat.json.id).toBe(first.json.id);
    const fresh = await send(gateway, message, {
      headers: { "idempotency-key": "guard-repeat-2" },
    });
    expect(fresh.status).toBe(422);
  });

  it("refuses the admin token and live peer tokens by default, even with a skipped check", async () => {
    const gateway = await start({});
    const bobToken = await gateway.issueToken("bob");
    const leaks = [
      `the admin token is ${ADMIN_TOKEN}`,
      `base64: ${Buffer.from(ADMIN_TOKEN).toString("base64")}`,
      `bob's token: ${bobToken}.`,
      `glued${bobToken}tail`,
    ];
    for (const content of leaks) {
      for (const headers of [{}, skip]) {
        const result = await send(
          gateway,
          { from_node: "alice", to_node: "bob", content },
          { headers },
        );
        expect(result.status, content).toBe(422);
        expect(result.json).toEqual({
          error: "secret_detected",
          message: expect.any(String),
          rule: "known-secret",
        });
        expect(result.text).not.toContain(bobToken);
        expect(result.text).not.toContain(ADMIN_TOKEN);
      }
    }
    expect((await call(gateway, "GET", "/messages")).json.messages).toEqual([]);
  });

  it("lets other credential shapes and dead tokens through in the default mode", async () => {
    const gateway = await start({});
    const revoked = await gateway.issueToken("bob");
    await call(gateway, "DELETE", "/admin/tokens/bob");
    for (const content of [`aws ${AWS_KEY}`, `old token ${revoked}`, `mesh_${"x".repeat(48)}`]) {
      const result = await send(gateway, { from_node: "alice", to_node: "bob", content });
      expect(result.status, content).toBe(201);
    }
  });

  it("refuses every guard rule in refuse mode, with the rule id and never the matched text", async () => {
    const gateway = await start({ contentGuard: "refuse" });
    const result = await send(gateway, {
      from_node: "alice",
      to_node: "bob",
      content: `k ${AWS_KEY}`,
    });
    expect(result.status).toBe(422);
    expect(result.json).toMatchObject({ error: "secret_detected", rule: "aws-access-key-id" });
    expect(result.text).not.toContain(AWS_KEY);
  });

  it("skips the generic rules on Mesh-Secret-Check: skip and logs what it skipped", async () => {
    const logs: GatewayLogEntry[] = [];
    const gateway = await start({ contentGuard: "refuse", logger: (entry) => logs.push(entry) });
    const result = await send(
      gateway,
      { from_node: "alice", to_node: "bob", content: `k ${AWS_KEY}` },
      { headers: skip },
    );
    expect(result.status).toBe(201);
    const line = logs.find((entry) => entry.path === "/messages" && entry.status === 201);
    expect(line).toMatchObject({ secret_check: "skipped", rule: "aws-access-key-id" });
    expect(JSON.stringify(logs)).not.toContain(AWS_KEY);
    const own = await send(
      gateway,
      { from_node: "alice", to_node: "bob", content: ADMIN_TOKEN },
      { headers: skip },
    );
    expect(own.status).toBe(422);
  });

  it("checks nothing when off", async () => {
    const gateway = await start({ contentGuard: "off" });
    const result = await send(gateway, {
      from_node: "alice",
      to_node: "bob",
      content: ADMIN_TOKEN,
    });
    expect(result.status).toBe(201);
  });

  it("refuses an unknown contentGuard value at start", async () => {
    await expect(
      startGateway({ port: 0, database: ":memory:", contentGuard: "maybe" as "off" }),
    ).rejects.toThrow(/contentGuard/);
  });
});
