import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const run = promisify(execFile);

/** Every command the published packages declare, with its package's version. */
function commands(): Array<{ command: string; version: string }> {
  const found: Array<{ command: string; version: string }> = [];
  for (const scope of readdirSync(join(ROOT, "packages"))) {
    for (const name of readdirSync(join(ROOT, "packages", scope))) {
      let pkg: { private?: boolean; version: string; bin?: Record<string, string> };
      try {
        pkg = JSON.parse(readFileSync(join(ROOT, "packages", scope, name, "package.json"), "utf8"));
      } catch {
        continue;
      }
      if (pkg.private) continue;
      for (const command of Object.keys(pkg.bin ?? {}))
        found.push({ command, version: pkg.version });
    }
  }
  return found.sort((a, b) => a.command.localeCompare(b.command));
}

let bin: string;
let written: { stderr: string };
// Only system folders on PATH: the shims must not depend on a `node` there.
const SYSTEM_PATH = "/usr/bin:/bin";

beforeAll(async () => {
  bin = mkdtempSync(join(tmpdir(), "mesh-shims-"));
  written = await run("bash", [join(ROOT, "scripts/dev.sh"), "bin"], {
    env: {
      HOME: process.env["HOME"] ?? bin,
      PATH: `${dirname(process.execPath)}:${SYSTEM_PATH}`,
      MESH_BIN_DIR: bin,
    },
  });
});

afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("scripts/dev.sh bin", () => {
  it("writes a shim for each of the five commands and says where", () => {
    expect(commands().map((c) => c.command)).toEqual([
      "discovery",
      "discovery-fakes",
      "mesh",
      "mesh-gateway",
      "mesh-mcp",
    ]);
    expect(readdirSync(bin).sort()).toEqual(commands().map((c) => c.command));
    expect(written.stderr).toContain(
      `dev: discovery, discovery-fakes, mesh, mesh-gateway, mesh-mcp in ${bin} (Node ${process.version}); put them on PATH: export PATH="${bin}:$PATH"`,
    );
  });

  it.each(commands())(
    "the $command shim runs the clone's $command with dev.sh's Node: --version prints $version",
    async ({ command, version }) => {
      const { stdout, stderr } = await run(join(bin, command), ["--version"], {
        env: { PATH: SYSTEM_PATH },
      });
      // mesh-mcp keeps stdout for the protocol and answers on stderr.
      expect(`${stdout}${stderr}`).toBe(`${version}\n`);
    },
  );

  it("runs a command from PATH in any folder, with arguments passed through unchanged", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mesh-shim-cwd-"));
    try {
      writeFileSync(join(folder, "notes 'one'.txt"), "nothing secret here\n");
      const { stdout } = await run("mesh", ["guard", "--json", "notes 'one'.txt"], {
        cwd: folder,
        env: { PATH: `${bin}:${SYSTEM_PATH}` },
      });
      expect(JSON.parse(stdout)).toEqual({ findings: [], files: 1, unreadable: [] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses a relative MESH_BIN_DIR, which would not work on PATH", async () => {
    const failed = await run("bash", [join(ROOT, "scripts/dev.sh"), "bin"], {
      env: {
        HOME: bin,
        PATH: `${dirname(process.execPath)}:${SYSTEM_PATH}`,
        MESH_BIN_DIR: "shims",
      },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toBe(
      "dev: MESH_BIN_DIR must be an absolute path (it goes on PATH): shims\n",
    );
  });
});
