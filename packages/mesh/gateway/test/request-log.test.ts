import { expect, it } from "vitest";
import { type GatewayLogEntry, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, register, send } from "./helpers.js";

it("writes one line per request with its id, never a token, content or query", async () => {
  const logs: GatewayLogEntry[] = [];
  const gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: (entry) => logs.push(entry),
  });
  try {
    await register(gateway, "alice");
    await register(gateway, "bob");
    const issued = await call(gateway, "POST", "/admin/tokens", { body: { peer: "alice" } });
    const token = issued.json.token as string;
    const content = "private words of alice";
    expect(
      (await send(gateway, { from_node: "alice", to_node: "bob", content }, { token })).status,
    ).toBe(201);
    await call(gateway, "GET", "/messages?to=bob&unread_only=true&after_id=0");
    await call(gateway, "GET", "/messages?to=alice", { token: "mesh_wrong" });

    const lines = logs.filter((entry) => entry.msg === "request");
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ["POST", "/peers/register", 201],
      ["POST", "/peers/register", 201],
      ["POST", "/admin/tokens", 201],
      ["POST", "/messages", 201],
      ["GET", "/messages", 200],
      ["GET", "/messages", 401],
    ]);
    expect(lines[3]).toMatchObject({ level: "info", auth: "peer", peer: "alice" });
    expect(new Set(lines.map((line) => line["reqId"])).size).toBe(lines.length);
    const text = JSON.stringify(logs);
    for (const secret of [token, ADMIN_TOKEN, "mesh_wrong", content, "unread_only"]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    await gateway.close();
  }
});
