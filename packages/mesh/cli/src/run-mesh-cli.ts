import { EXIT_OK, type InteractiveCliIo, runProgram } from "@mesh/cli-kit";
import { createProgram } from "./create-program.js";
import { describeError } from "./describe-error.js";

/**
 * Runs `mesh` with `argv` (the arguments after the program name) and returns the exit status:
 * 0 ok, 1 refused / not found / failed, 2 usage error. Errors are one line plus a hint on stderr.
 */
export async function runMeshCli(argv: readonly string[], io: InteractiveCliIo): Promise<number> {
  const result = { exitCode: EXIT_OK };
  return runProgram(createProgram(io, result), argv, io, result, { describeError });
}
