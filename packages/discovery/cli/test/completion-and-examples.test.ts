import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

const COMMANDS = [
  ["models"],
  ["model"],
  ["price", "list"],
  ["price", "anthropic"],
  ["price", "gemini"],
  ["balance"],
  ["cost"],
  ["cost", "estimate"],
  ["retired"],
];

describe("discovery completion, examples and --json errors (built binary)", () => {
  it("prints a bash completion script that parses, registers and completes subcommands", async () => {
    const run = await runCli(["completion", "bash"]);
    expect(run.code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), "discovery-completion-")), "discovery.bash");
    writeFileSync(file, run.stdout);
    expect(spawnSync("bash", ["-n", file]).status).toBe(0);
    const loaded = spawnSync("bash", ["-c", `source ${file} && complete -p discovery`], {
      encoding: "utf8",
    });
    expect(loaded.stdout).toBe("complete -o default -F _discovery_completion discovery\n");
    const reply = spawnSync(
      "bash",
      [
        "-c",
        `source ${file}; COMP_WORDS=(discovery price ""); COMP_CWORD=2; _discovery_completion; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: "utf8" },
    );
    expect(reply.stdout).toBe("list anthropic gemini --help\n");
  });

  it.each(["zsh", "fish"])("prints a %s completion script", async (shell) => {
    const run = await runCli(["completion", shell]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("discovery");
    expect(run.stdout).toContain("retired");
  });

  it.each(COMMANDS)("shows examples in `discovery %s ... --help`", async (...command) => {
    const run = await runCli([...command, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`\\nExamples:\\n(  # .+\\n  \\$ discovery ${command.join(" ")}( .*)?\\n)+$`),
    );
  });

  it("reports a failure under --json as one JSON object on stderr, exit 1", async () => {
    const run = await runCli(["balance", "deepseek", "--json"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const report = JSON.parse(run.stderr) as { error: Record<string, unknown> };
    expect(Object.keys(report.error)).toEqual(["code", "message", "hint"]);
    expect(report.error["message"]).toBe("no DeepSeek API key");
    expect(report.error["hint"]).toContain("DEEPSEEK_API_KEY");
  });
});
