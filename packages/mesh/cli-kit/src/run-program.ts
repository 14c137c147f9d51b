import { type Command, CommanderError } from "commander";
import { EXIT_OK, EXIT_USAGE } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { colorEnabled, createStyle } from "./create-style.js";
import { describeCliError, type ErrorReport, reportCode } from "./describe-cli-error.js";

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
 *
 * When the program has a `--json` option and `argv` sets it, every failure, usage errors
 * included, is instead one line of JSON on stderr:
 * `{"error":{"code":"...","message":"...","hint":"..." or null}}`; the exit statuses stay the same.
 */
export async function runProgram(
  program: Command,
  argv: readonly string[],
  io: CliIo,
  result: ProgramResult,
  options: RunProgramOptions = {},
): Promise<number> {
  const json = jsonRequested(program, argv);
  if (json) silenceCommanderErrors(program);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return result.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return EXIT_OK;
      if (json) writeJsonError(io, usageReport(error));
      return EXIT_USAGE;
    }
    const report = (options.describeError ?? describeCliError)(error);
    if (json) {
      writeJsonError(io, { ...report, code: report.code ?? reportCode(error, report.exitCode) });
      return report.exitCode;
    }
    const style = createStyle(colorEnabled(io.env, io.isTTY.stderr));
    io.stderr.write(`${style.red(`${program.name()}: error:`)} ${report.message}\n`);
    if (report.hint) io.stderr.write(`${style.dim(`hint: ${report.hint}`)}\n`);
    return report.exitCode;
  }
}

/** `--json` before any `--`, in a program that has that option. */
function jsonRequested(program: Command, argv: readonly string[]): boolean {
  if (!program.options.some((option) => option.long === "--json")) return false;
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).includes("--json");
}

// Commander prints usage errors itself; in JSON mode the one JSON line replaces that text.
// Subcommands hold their own copy of the output settings, so each one is changed.
function silenceCommanderErrors(command: Command): void {
  command.configureOutput({ outputError: () => {}, writeErr: () => {} });
  for (const sub of command.commands) silenceCommanderErrors(sub);
}

function usageReport(error: CommanderError): ErrorReport {
  return {
    message: error.message.replace(/^error: /, ""),
    hint: "run with --help for usage",
    exitCode: EXIT_USAGE,
    code: "usage_error",
  };
}

function writeJsonError(io: CliIo, report: ErrorReport): void {
  const error = { code: report.code, message: report.message, hint: report.hint ?? null };
  io.stderr.write(`${JSON.stringify({ error })}\n`);
}
