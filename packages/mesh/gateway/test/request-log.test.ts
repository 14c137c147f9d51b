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
    expect(lines[3]).not.toHaveProperty("error");
    expect(lines[3]).not.toHaveProperty("ip");
    expect(new Set(lines.map((line) => line["reqId"])).size).toBe(lines.length);
    const text = JSON.stringify(logs);
    for (const secret of [token, ADMIN_TOKEN, "mesh_wrong", content, "unread_only"]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    await gateway.close();
  }
});

it("names the error code and the client's address on 4xx lines, whoever asked", async () => {
  const logs: GatewayLogEntry[] = [];
  const gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: (entry) => logs.push(entry),
  });
  try {
    await register(gateway, "alice");
    await call(gateway, "GET", "/peers", { token: "mesh_wrong" });
    await call(gateway, "GET", "/peers", { token: null });
    await call(gateway, "GET", "/no-such-route");
    await call(gateway, "DELETE", "/peers");
    await send(gateway, { from_node: "alice", to_node: "nobody" });
    await call(gateway, "GET", "/messages?limit=0");
    const lines = logs.filter((entry) => entry.msg === "request" && entry.status! >= 400);
    expect(lines.map((line) => [line.status, line.error, line.ip])).toEqual([
      [401, "unauthorized", "127.0.0.1"],
      [401, "unauthorized", "127.0.0.1"],
      [404, "not_found", "127.0.0.1"],
      [405, "method_not_allowed", "127.0.0.1"],
      [404, "unknown_recipient", "127.0.0.1"],
      [400, "invalid_query", "127.0.0.1"],
    ]);
    expect(lines[4]).toMatchObject({ level: "info", auth: "admin", peer: "alice" });
  } finally {
    await gateway.close();
  }
});
