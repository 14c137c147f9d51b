import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { baseEnv, CLI, collect, runCli, waitFor } from "./run-cli.js";

function rpc(id: number | undefined, method: string, params: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), method, params })}\n`;
}

describe("mesh mcp", () => {
  it("is a usage error without a peer name, and says which variable to set", async () => {
    const run = await runCli(["mcp"], { env: baseEnv() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/MESH_NODE/);
    expect(run.stdout).toBe("");
  });

  it("serves the spec's six tools (and more) on stdio and exits 0 when stdin ends", async () => {
    const child = spawn(process.execPath, [CLI, "mcp"], {
      env: baseEnv({ MESH_NODE: "droplet", MESH_GATEWAY_URL: "http://127.0.0.1:9" }),
      stdio: ["pipe", "pipe", "pipe"],
    });
    const done = collect(child);
    const answered = waitFor(child.stdout, /"id":2/);
    child.stdin.write(
      rpc(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "test", version: "1" },
      }),
    );
    child.stdin.write(rpc(undefined, "notifications/initialized"));
    child.stdin.write(rpc(2, "tools/list"));
    const lines = (await answered).trim().split("\n");
    const list = JSON.parse(lines.at(-1) ?? "{}") as { result: { tools: { name: string }[] } };
    // The spec's six tools at least; @mesh/mcp adds more (register, threads, search).
    expect(list.result.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        "list_peers",
        "send_message",
        "check_inbox",
        "mark_read",
        "wait_for_messages",
        "get_thread",
      ]),
    );
    child.stdin.end();
    const run = await done;
    expect(run.code).toBe(0);
    // Every line on stdout is a protocol message.
    for (const line of run.stdout.trim().split("\n"))
      expect(JSON.parse(line)).toHaveProperty("jsonrpc");
  });
});
