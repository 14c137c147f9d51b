import type { Command } from "commander";

/** One example of {@link addExamples}: the command line and what it does. */
export interface CommandExample {
  /** The whole command line as typed, e.g. `mesh send bob fyi "hello"`. Required. */
  command: string;
  /** What it does, one short line. Required. */
  description: string;
}

/**
 * Appends an `Examples:` section to `command`'s `--help`: each example's description as a `#`
 * comment line above its command line, so the lines can be copied into a shell as they are.
 */
export function addExamples(command: Command, examples: readonly CommandExample[]): Command {
  if (examples.length === 0) return command;
  const lines = examples.map((example) => `  # ${example.description}\n  $ ${example.command}`);
  return command.addHelpText("after", `\nExamples:\n${lines.join("\n")}`);
}

/**
 * Adds `examples[path]` to each command of `program` by its path: `""` is the program itself,
 * `"token issue"` the `issue` subcommand of `token`. Paths without an entry get none.
 */
export function addExamplesByPath(
  program: Command,
  examples: Readonly<Record<string, readonly CommandExample[]>>,
): void {
  const visit = (command: Command, path: string) => {
    const own = examples[path];
    if (own !== undefined) addExamples(command, own);
    for (const sub of command.commands) {
      visit(sub, path === "" ? sub.name() : `${path} ${sub.name()}`);
    }
  };
  visit(program, "");
}
