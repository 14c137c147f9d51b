import { Command } from "commander";
import type { CliIo } from "./cli-io.js";
import { colorEnabled, createStyle } from "./create-style.js";

/** What {@link createCliProgram} needs to know about the program. */
export interface CliProgramOptions {
  /** Command name: the usage line and the `<name>: error:` prefix. Required. */
  name: string;
  /** One line under the usage line. Required. */
  description: string;
  /** Printed by `-V, --version`. Required. */
  version: string;
  /** Text after the generated help (exit statuses, settings). Default: none. */
  helpAfter?: string;
}

/**
 * A commander program that never exits the process: usage errors, `--help` and `--version`
 * surface as `CommanderError`s for {@link runProgram} (which maps usage errors to exit status 2),
 * output goes through `io`, and error text is red on a terminal. Subcommands added afterwards
 * inherit all of this.
 */
export function createCliProgram(io: CliIo, options: CliProgramOptions): Command {
  const errStyle = createStyle(colorEnabled(io.env, io.isTTY.stderr));
  const program = new Command(options.name)
    .description(options.description)
    .version(options.version, "-V, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // "mesh: error: ...", as every other failure reads, so the line says which program spoke.
      outputError: (text, write) => write(errStyle.red(`${options.name}: ${text}`)),
    })
    .showHelpAfterError("(run with --help for usage)");
  if (options.helpAfter !== undefined) program.addHelpText("after", options.helpAfter);
  return program;
}
