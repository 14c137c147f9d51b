import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

const COMMANDS = ["peers", "register", "send", "inbox", "read", "watch", "guard", "gateway", "mcp"];

describe("mesh completion, examples and --json errors (built binary)", () => {
  it("prints a bash completion script that parses and registers `mesh`", async () => {
    const run = await runCli(["completion", "bash"]);
    expect(run.code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), "mesh-completion-")), "mesh.bash");
    writeFileSync(file, run.stdout);
    expect(spawnSync("bash", ["-n", file]).status).toBe(0);
    const loaded = spawnSync("bash", ["-c", `source ${file} && complete -p mesh`], {
      encoding: "utf8",
    });
    expect(loaded.stdout).toBe("complete -o default -F _mesh_completion mesh\n");
    const reply = spawnSync(
      "bash",
      [
        "-c",
        `source ${file}; COMP_WORDS=(mesh send bob fyi --t); COMP_CWORD=4; _mesh_completion; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: "utf8" },
    );
    expect(reply.stdout).toBe("--thread --task\n");
  });

  it.each(["zsh", "fish"])("prints a %s completion script", async (shell) => {
    const run = await runCli(["completion", shell]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("mesh");
    expect(run.stdout).toContain("inbox");
  });

  it.each(COMMANDS)("shows examples in `mesh %s --help`", async (command) => {
    const run = await runCli([command, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`\\nExamples:\\n(  # .+\\n  \\$ .*mesh ${command}.*\\n)+$`),
    );
  });

  it("reports a usage error under --json as one JSON object on stderr, exit 2", async () => {
    const run = await runCli(["--json", "inbox", "--limit", "zero"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        code: "usage_error",
        message: expect.stringContaining("--limit"),
        hint: "run with --help for usage",
      },
    });
  });
});
