import { describe, expect, it } from "vitest";
import { addExamples } from "./add-examples.js";
import type { CliIo } from "./cli-io.js";
import { createCliProgram } from "./create-cli-program.js";
import { runProgram } from "./run-program.js";

async function help(argv: string[], examples: { command: string; description: string }[]) {
  const io: CliIo & { out: string } = {
    out: "",
    stdout: { write: (text: string) => (io.out += text) },
    stderr: { write: () => undefined },
    env: {},
    isTTY: { stdout: false, stderr: false },
  };
  const program = createCliProgram(io, { name: "demo", description: "d", version: "1" });
  addExamples(program.command("send").argument("<to>"), examples);
  program.command("other");
  const code = await runProgram(program, argv, io, { exitCode: 0 });
  return { code, out: io.out };
}

describe("addExamples", () => {
  it("lists the examples after the command's help, each description above its command line", async () => {
    const run = await help(
      ["send", "--help"],
      [
        { command: "demo send bob", description: "greet bob" },
        { command: "echo hi | demo send alice", description: "send stdin" },
      ],
    );
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /Usage: demo send .*\n[\s\S]*\n\nExamples:\n {2}# greet bob\n {2}\$ demo send bob\n {2}# send stdin\n {2}\$ echo hi \| demo send alice\n$/,
    );
  });

  it.each([[["other", "--help"]], [["--help"]]])(
    "leaves the help of other commands without them (%j)",
    async (argv) => {
      const run = await help(argv, [{ command: "demo send bob", description: "greet bob" }]);
      expect(run.out).not.toContain("Examples:");
    },
  );

  it("adds no section for no examples", async () => {
    expect((await help(["send", "--help"], [])).out).not.toContain("Examples:");
  });
});
