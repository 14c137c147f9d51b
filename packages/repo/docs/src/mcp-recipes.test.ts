import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { type RunningGateway, startGateway } from "@mesh/gateway";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const README = readFileSync(join(ROOT, "packages/mesh/mcp/README.md"), "utf8");
/** The placeholder the recipes name the clone's folder by. */
const CLONE = "/path/to/mesh-discovery";
const ADMIN_TOKEN = "admin-token-for-mcp-recipe-tests-0123456789";

/** The text of the first fenced block of `language` that contains `marker`. */
function block(language: string, marker: string): string {
  for (const match of README.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    if (match[1] === language && match[2]!.includes(marker)) return match[2]!;
  }
  throw new Error(`no ${language} block with ${marker} in the @mesh/mcp README`);
}

interface ServerEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

const json = JSON.parse(block("json", "mcpServers")) as { mcpServers: { mesh: ServerEntry } };
const recipe = json.mcpServers.mesh;
let dir: string;
let gateway: RunningGateway;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mesh-mcp-recipe-"));
  // The clone's shims, as `scripts/dev.sh start` writes them into .mesh/bin.
  await promisify(execFile)(process.execPath, [
    join(ROOT, "scripts/write-shims.mjs"),
    join(dir, ".mesh/bin"),
  ]);
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
});

afterAll(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the @mesh/mcp README's host recipes", () => {
  it("all three run the clone's mesh-mcp by its absolute path, not an unpublished npx package", () => {
    const command = `${CLONE}/.mesh/bin/mesh-mcp`;
    expect(recipe.command).toBe(command);
    expect(block("sh", "claude mcp add")).toContain(`-- ${command}\n`);
    expect(block("toml", "mcp_servers")).toContain(`command = "${command}"\n`);
  });

  it("the mcpServers entry, pointed at a clone and a gateway, serves the mesh tools", async () => {
    const token = await gateway.issueToken(recipe.env["MESH_NODE"]!);
    // What a host does with the entry: start the command with its args and env (and a bare PATH).
    const transport = new StdioClientTransport({
      command: recipe.command.replace(CLONE, dir),
      args: recipe.args,
      env: {
        ...recipe.env,
        PATH: "/usr/bin:/bin",
        MESH_GATEWAY_URL: gateway.url,
        MESH_GATEWAY_TOKEN: token,
      },
      stderr: "pipe",
    });
    const client = new Client({ name: "recipe-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["list_peers", "send_message", "check_inbox"]),
      );
      const peers = await client.callTool({ name: "list_peers", arguments: {} });
      expect(peers.isError).not.toBe(true);
      expect(JSON.stringify(peers.structuredContent)).toContain(`"${recipe.env["MESH_NODE"]}"`);
    } finally {
      await client.close();
    }
  });
});
