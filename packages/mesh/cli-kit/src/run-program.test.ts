import { describe, expect, it } from "vitest";
import { CliError, EXIT_USAGE } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { createAction } from "./create-action.js";
import { createCliProgram } from "./create-cli-program.js";
import { runProgram } from "./run-program.js";

function memoryIo(env: Record<string, string> = {}): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout: { write: (text: string) => (io.out += text) },
    stderr: { write: (text: string) => (io.err += text) },
    env,
    isTTY: { stdout: false, stderr: false },
  };
  return io;
}

/** A `demo` program whose `run <what>` command fails in the way `what` names. */
async function runDemo(argv: string[], io = memoryIo()) {
  const result = { exitCode: 0 };
  const program = createCliProgram(io, {
    name: "demo",
    description: "a demo program",
    version: "1.2.3",
    helpAfter: "\nExit status: 0 ok, 1 failed, 2 usage error.",
  }).option("--json", "machine-readable output");
  const action = createAction(result, (command) => ({
    json: command.optsWithGlobals<{ json?: boolean }>().json === true,
  }));
  program
    .command("run")
    .argument("<what>")
    .option("--times <n>", "a count")
    .action(
      action(async (context, what: string, options: { times?: string }) => {
        if (what === "cli-error") throw new CliError({ message: "no key", hint: "set DEMO_KEY" });
        if (what === "usage") throw new CliError({ message: "bad value", exitCode: EXIT_USAGE });
        if (what === "plain") throw new Error("boom");
        if (what === "string") throw "text thrown";
        io.stdout.write(`${what} json=${context.json} times=${options.times ?? "-"}\n`);
        return what === "seven" ? 7 : 0;
      }),
    );
  const code = await runProgram(program, argv, io, result);
  return { code, out: io.out, err: io.err };
}

describe("runProgram with createCliProgram and createAction", () => {
  it("passes arguments, command options and global options to the action and returns its status", async () => {
    expect(await runDemo(["--json", "run", "seven", "--times", "2"])).toEqual({
      code: 7,
      out: "seven json=true times=2\n",
      err: "",
    });
  });

  it("prints help on stdout with the text after it, and exits 0", async () => {
    const run = await runDemo(["--help"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("Usage: demo [options] [command]");
    expect(run.out).toContain("a demo program");
    expect(run.out).toContain("Exit status: 0 ok, 1 failed, 2 usage error.");
    expect(run.err).toBe("");
  });

  it("prints the version with -V and exits 0", async () => {
    expect(await runDemo(["-V"])).toEqual({ code: 0, out: "1.2.3\n", err: "" });
  });

  it.each([
    [["run"], "missing required argument"],
    [["nope"], "unknown command"],
    [["--bogus"], "unknown option"],
    [["run", "x", "--times"], "argument missing"],
  ])(
    "exits 2 on the usage error of %j, named by the program, with the help hint on stderr",
    async (argv, text) => {
      const run = await runDemo(argv);
      expect(run.code).toBe(2);
      expect(run.out).toBe("");
      expect(run.err).toMatch(/^demo: error: /);
      expect(run.err).toContain(text);
      expect(run.err).toContain("(run with --help for usage)");
    },
  );

  it.each([
    ["cli-error", 1, "demo: error: no key\nhint: set DEMO_KEY\n"],
    ["usage", 2, "demo: error: bad value\n"],
    ["plain", 1, "demo: error: boom\n"],
    ["string", 1, "demo: error: text thrown\n"],
  ])("reports a thrown %s as one line (and a hint) with its status", async (what, code, err) => {
    expect(await runDemo(["run", what])).toEqual({ code, out: "", err });
  });

  it("colours the error prefix red only when colour is on for stderr", async () => {
    const run = await runDemo(["run", "plain"], memoryIo({ FORCE_COLOR: "1" }));
    expect(run.err).toMatch(/^\x1b\[31mdemo: error:\x1b\[39m boom\n$/);
  });

  it("uses the given describeError instead of the default", async () => {
    const io = memoryIo();
    const result = { exitCode: 0 };
    const program = createCliProgram(io, { name: "demo", description: "d", version: "1" });
    program.command("go").action(() => {
      throw new Error("raw");
    });
    const code = await runProgram(program, ["go"], io, result, {
      describeError: (error) => ({
        message: `described ${(error as Error).message}`,
        hint: "try again",
        exitCode: 3,
      }),
    });
    expect(code).toBe(3);
    expect(io.err).toBe("demo: error: described raw\nhint: try again\n");
  });

  it.each([
    [
      ["--json", "run", "cli-error"],
      1,
      { code: "failed", message: "no key", hint: "set DEMO_KEY" },
    ],
    [["run", "usage", "--json"], 2, { code: "usage_error", message: "bad value", hint: null }],
    [["--json", "run", "plain"], 1, { code: "failed", message: "boom", hint: null }],
    [
      ["--json", "nope"],
      2,
      { code: "usage_error", message: "unknown command 'nope'", hint: "run with --help for usage" },
    ],
    [
      ["--json", "run", "x", "--times"],
      2,
      {
        code: "usage_error",
        message: "option '--times <n>' argument missing",
        hint: "run with --help for usage",
      },
    ],
  ])(
    "with --json, reports %j as one JSON object on stderr with the same status",
    async (argv, code, error) => {
      const run = await runDemo(argv);
      expect(run.code).toBe(code);
      expect(run.out).toBe("");
      expect(run.err.endsWith("\n")).toBe(true);
      expect(run.err.trimEnd().split("\n")).toHaveLength(1);
      expect(JSON.parse(run.err)).toEqual({ error });
    },
  );

  it("with --json, takes the code from the error's own code field", async () => {
    const io = memoryIo();
    const program = createCliProgram(io, { name: "demo", description: "d", version: "1" });
    program.option("--json", "json");
    program.command("go").action(() => {
      throw Object.assign(new Error("port taken"), { code: "EADDRINUSE" });
    });
    const code = await runProgram(program, ["go", "--json"], io, { exitCode: 0 });
    expect(code).toBe(1);
    expect(JSON.parse(io.err)).toEqual({
      error: { code: "EADDRINUSE", message: "port taken", hint: null },
    });
  });

  it("treats --json as an unknown option (plain text, exit 2) in a program without it", async () => {
    const io = memoryIo();
    const program = createCliProgram(io, { name: "demo", description: "d", version: "1" });
    program.command("go").action(() => {
      throw new CliError({ message: "nope" });
    });
    expect(await runProgram(program, ["go", "--json"], io, { exitCode: 0 })).toBe(2);
    expect(io.err).toContain("unknown option '--json'");
  });
});
