export {
  type BenchStartupOptions,
  benchStartup,
  type StartupFigures,
  type StartupStats,
} from "./bench-startup.js";
export { cleanEnv } from "./clean-env.js";
export { type BinRun, collect } from "./collect.js";
export { type RunBinOptions, runBin, startBin } from "./run-bin.js";
export { runningInCi } from "./running-in-ci.js";
export { waitFor } from "./wait-for.js";
