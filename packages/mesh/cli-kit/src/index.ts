// commander is bundled into this package with a faster start-up (see tsup.config.ts): programs
// import it from here, so one copy loads.
export {
  Argument,
  Command,
  CommanderError,
  Help,
  InvalidArgumentError,
  Option,
} from "commander";
export {
  addCompletion,
  bashCompletion,
  COMPLETION_SHELLS,
  type CompletionShell,
  fishCompletion,
  zshCompletion,
} from "./add-completion.js";
export { addExamples, addExamplesByPath, type CommandExample } from "./add-examples.js";
export {
  CliError,
  type CliErrorOptions,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
} from "./cli-error.js";
export { type CliIo, type InteractiveCliIo, nodeIo, type TextSink } from "./cli-io.js";
export { type CommandAction, createAction } from "./create-action.js";
export { type CliProgramOptions, createCliProgram } from "./create-cli-program.js";
export { colorEnabled, createStyle, type Style } from "./create-style.js";
export { describeCliError, type ErrorReport } from "./describe-cli-error.js";
export { displayWidth } from "./display-width.js";
export { type Column, formatTable, preview } from "./format-table.js";
export { type ProgramResult, type RunProgramOptions, runProgram } from "./run-program.js";
export { withProgress } from "./with-progress.js";
