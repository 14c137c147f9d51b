import { type CliIo, EXIT_OK, runProgram } from "@mesh/cli-kit";
import { createProgram } from "./create-program.js";

/**
 * Runs `discovery` with `argv` (the arguments after the program name) and returns the exit
 * status: 0 ok, 1 not found / empty / missing key / failed lookup, 2 usage error. Errors are one
 * line plus a hint on stderr.
 */
export async function runDiscoveryCli(argv: readonly string[], io: CliIo): Promise<number> {
  const result = { exitCode: EXIT_OK };
  return runProgram(createProgram(io, result), argv, io, result);
}
