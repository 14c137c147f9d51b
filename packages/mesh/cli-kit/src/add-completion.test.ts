import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Argument } from "commander";
import { describe, expect, it } from "vitest";
import { addCompletion } from "./add-completion.js";
import type { CliIo } from "./cli-io.js";
import { createCliProgram } from "./create-cli-program.js";
import { runProgram } from "./run-program.js";
import { runningInCi } from "./testing/running-in-ci.js";

function memoryIo(): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout: { write: (text: string) => (io.out += text) },
    stderr: { write: (text: string) => (io.err += text) },
    env: {},
    isTTY: { stdout: false, stderr: false },
  };
  return io;
}

/** A `my-demo` program with nested commands, a value option and argument choices. */
async function script(shell: string): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo();
  const program = addCompletion(
    createCliProgram(io, { name: "my-demo", description: "d", version: "1" }).option(
      "--node <name>",
      "own name",
    ),
  );
  program.command("send").option("--thread <id>", "thread").option("--quiet", "quiet");
  const price = program.command("price").description("prices");
  price.command("list").description("it's a list");
  price.command("gemini").addArgument(new Argument("<dir>").choices(["input", "output"]));
  const code = await runProgram(program, ["completion", shell], io, { exitCode: 0 });
  return { code, out: io.out, err: io.err };
}

function bash(source: string, commands: string): string {
  const dir = mkdtempSync(join(tmpdir(), "completion-"));
  const file = join(dir, "script.bash");
  writeFileSync(file, source);
  const run = spawnSync("bash", ["-c", `source ${file}\n${commands}`], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return run.stdout;
}

/** Whether `shell` runs here; in CI (which installs zsh and fish) a missing one fails the test. */
function hasShell(shell: string): boolean {
  return runningInCi() || spawnSync(shell, ["-c", "exit 0"]).status === 0;
}

describe("addCompletion", () => {
  it("writes a bash script that parses with bash -n and registers with complete", async () => {
    const { code, out, err } = await script("bash");
    expect({ code, err }).toEqual({ code: 0, err: "" });
    const dir = mkdtempSync(join(tmpdir(), "completion-"));
    writeFileSync(join(dir, "s.bash"), out);
    expect(spawnSync("bash", ["-n", join(dir, "s.bash")]).status).toBe(0);
    expect(bash(out, "complete -p my-demo")).toBe(
      "complete -o default -F _my_demo_completion my-demo\n",
    );
  });

  it.each([
    [["my-demo", ""], 1, "completion send price --version -V --node --help"],
    [["my-demo", "pr"], 1, "price"],
    [["my-demo", "price", ""], 2, "list gemini --help"],
    [["my-demo", "--node", ""], 2, ""],
    [["my-demo", "--node", "price", "s"], 3, "send"],
    [["my-demo", "--node", "x", "price", "gemini", ""], 5, "input output --help"],
    [["my-demo", "send", "--"], 2, "--thread --quiet --help"],
    [["my-demo", "completion", ""], 2, "bash zsh fish --help"],
  ])("in bash, completes %j at word %i with %j", async (words, at, expected) => {
    const { out } = await script("bash");
    const quoted = words.map((word) => `"${word}"`).join(" ");
    const reply = bash(
      out,
      `COMP_WORDS=(${quoted}); COMP_CWORD=${at}; _my_demo_completion; echo "\${COMPREPLY[*]}"`,
    );
    expect(reply).toBe(`${expected}\n`);
  });

  it.skipIf(!hasShell("zsh"))("writes a zsh script that parses with zsh -n", async () => {
    const { out } = await script("zsh");
    const dir = mkdtempSync(join(tmpdir(), "completion-"));
    writeFileSync(join(dir, "s.zsh"), out);
    expect(spawnSync("zsh", ["-n", join(dir, "s.zsh")]).status).toBe(0);
  });

  it("writes a zsh script on bash compatibility with the same function", async () => {
    const { code, out } = await script("zsh");
    expect(code).toBe(0);
    expect(out).toContain("bashcompinit");
    expect(out).toContain("complete -o default -F _my_demo_completion my-demo");
  });

  it("writes fish complete lines for subcommands and options, quoting descriptions", async () => {
    const { code, out } = await script("fish");
    expect(code).toBe(0);
    expect(out.split("\n")).toEqual(
      expect.arrayContaining([
        "complete -c my-demo -f -n '__fish_use_subcommand' -a price -d 'prices'",
        "complete -c my-demo -f -n '__fish_seen_subcommand_from price' -a list -d 'it\\'s a list'",
        "complete -c my-demo -l node -r -d 'own name'",
        "complete -c my-demo -n '__fish_seen_subcommand_from send' -l thread -r -d 'thread'",
      ]),
    );
  });

  it.skipIf(!hasShell("fish"))("writes a fish script that parses with fish -n", async () => {
    const { out } = await script("fish");
    expect(spawnSync("fish", ["-n", "-c", out]).status).toBe(0);
  });

  it("refuses another shell as a usage error", async () => {
    const { code, err } = await script("tcsh");
    expect(code).toBe(2);
    expect(err).toContain("Allowed choices are bash, zsh, fish");
  });
});
