export { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./cli-error.js";
export { type CliIo, nodeIo, type TextSink } from "./cli-io.js";
export { createProgram, type ProgramResult } from "./create-program.js";
export { colorEnabled } from "./create-style.js";
export type { GuardFinding } from "./guard-command.js";
export { runMeshCli } from "./run-mesh-cli.js";
