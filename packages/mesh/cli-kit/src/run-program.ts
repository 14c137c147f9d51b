import { type Command, CommanderError } from "commander";
import { EXIT_OK, EXIT_USAGE } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { colorEnabled, createStyle } from "./create-style.js";
import { describeCliError, type ErrorReport } from "./describe-cli-error.js";

/** Where an action leaves its exit status for {@link runProgram}. */
export interface ProgramResult {
  exitCode: number;
}

/** How {@link runProgram} reports failures. */
export interface RunProgramOptions {
  /** Maps a thrown value to its report. Default {@link describeCliError}. */
  describeError?: (error: unknown) => ErrorReport;
}

/**
 * Parses `argv` (the arguments after the program name) with `program` and returns the exit
 * status: the one its action left in `result`, 0 for `--help` and `--version`, 2 for a usage
 * error (commander has already printed it), else the failure's own status after one
 * `<name>: error: ...` line and an optional `hint: ...` line on stderr.
 */
export async function runProgram(
  program: Command,
  argv: readonly string[],
  io: CliIo,
  result: ProgramResult,
  options: RunProgramOptions = {},
): Promise<number> {
  try {
    await program.parseAsync([...argv], { from: "user" });
    return result.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    const style = createStyle(colorEnabled(io.env, io.isTTY.stderr));
    const report = (options.describeError ?? describeCliError)(error);
    io.stderr.write(`${style.red(`${program.name()}: error:`)} ${report.message}\n`);
    if (report.hint) io.stderr.write(`${style.dim(`hint: ${report.hint}`)}\n`);
    return report.exitCode;
  }
}
