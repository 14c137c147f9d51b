import { CommanderError } from "commander";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { createProgram } from "./create-program.js";
import { colorEnabled, createStyle } from "./create-style.js";

/**
 * Runs `discovery` with `argv` (the arguments after the program name) and returns the exit
 * status: 0 ok, 1 not found / empty / missing key / failed lookup, 2 usage error. Errors are one
 * line plus a hint on stderr.
 */
export async function runDiscoveryCli(argv: readonly string[], io: CliIo): Promise<number> {
  const result = { exitCode: EXIT_OK };
  const program = createProgram(io, result);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return result.exitCode;
  } catch (error) {
    // Commander has already printed its message (and the help hint); only map the status.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    const style = createStyle(colorEnabled(io.env, io.isTTY.stderr));
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`${style.red("discovery: error:")} ${message}\n`);
    if (error instanceof CliError && error.hint)
      io.stderr.write(`${style.dim(`hint: ${error.hint}`)}\n`);
    return error instanceof CliError ? error.exitCode : EXIT_FAILURE;
  }
}
