export {
  CliError,
  type CliIo,
  colorEnabled,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  nodeIo,
  type ProgramResult,
  type TextSink,
} from "@mesh/cli-kit";
export { createProgram } from "./create-program.js";
export { ENDPOINT_VARIABLES, type EndpointName } from "./endpoints.js";
export type { ModelReport } from "./model-command.js";
export {
  listModelView,
  type ModelViewOptions,
  type ModelViewRow,
  modelView,
  type PriceStatus,
  priceStatus,
} from "./model-view.js";
export { parseWhen } from "./parse-when.js";
export type { GeminiPrice } from "./price-gemini-command.js";
export type { RetirementReport } from "./retired-command.js";
export { runDiscoveryCli } from "./run-discovery-cli.js";
