import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import { BIN } from "./mcp-harness.js";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin with `args` and `env`, stdin closed at once, to its end. */
function run(args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env["PATH"] ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the mesh-mcp program", () => {
  it("refuses to start without a peer name, on stderr, with exit status 2", async () => {
    const result = await run([], {});
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/set MESH_NODE \(or pass --node\)/);
  });

  it("prints its help on stderr, keeping stdout for the protocol", async () => {
    const result = await run(["--help"], {});
    expect(result).toMatchObject({ code: 0, stdout: "" });
    expect(result.stderr).toMatch(/MESH_GATEWAY_TOKEN/);
  });

  it("prints the version of its package.json with -V and --version, as the other commands do", async () => {
    for (const flag of ["-V", "--version"]) {
      const result = await run([flag], {});
      expect(result).toEqual({ code: 0, stdout: "", stderr: `${pkg.version}\n` });
    }
  });

  it("stops with exit status 0 when its client closes stdin", async () => {
    const result = await run([], { MESH_NODE: "droplet", MESH_GATEWAY_URL: "http://127.0.0.1:9" });
    expect(result).toMatchObject({ code: 0, stdout: "" });
    expect(result.stderr).toMatch(/serving peer 'droplet'/);
  });

  it("refuses to start with a malformed gateway address, before any client is made", async () => {
    const result = await run([], { MESH_NODE: "droplet", MESH_GATEWAY_URL: "gateway.local:8788" });
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toMatch(/MESH_GATEWAY_URL\) must be an absolute http\(s\) URL/);
  });

  it("warns that --token is visible to others without printing it", async () => {
    const result = await run(["--node", "droplet", "--token", "mesh_not_a_real_token_value"], {});
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/process list/);
    expect(result.stderr).not.toContain("mesh_not_a_real_token_value");
  });
});
