import { EXIT_OK, type InteractiveCliIo, runProgram } from "@mesh/cli-kit";
import { createGatewayProgram } from "./create-gateway-program.js";

/**
 * Runs `mesh-gateway` with `argv` (the arguments after the program name) and returns the exit
 * status: 0 ok, 1 failed, 2 usage error. Errors are one line plus a hint on stderr, or with
 * `--json` one JSON object `{ "error": { "code", "message", "hint" } }`.
 */
export async function runGatewayCli(
  argv: readonly string[],
  io: InteractiveCliIo,
): Promise<number> {
  const result = { exitCode: EXIT_OK };
  return runProgram(createGatewayProgram(io, result), argv, io, result);
}
