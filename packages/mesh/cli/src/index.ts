export {
  CliError,
  colorEnabled,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  type InteractiveCliIo as CliIo,
  nodeIo,
  type ProgramResult,
  type TextSink,
} from "@mesh/cli-kit";
export { createProgram } from "./create-program.js";
export type { GuardFinding } from "./guard-command.js";
export { runMeshCli } from "./run-mesh-cli.js";
