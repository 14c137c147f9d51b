// Startup time of `mesh --help` (the built binary) next to a bare `node -e ""`, spawned one after
// the other. Target: mean under 200 ms. Run: pnpm --filter @mesh/cli bench (after building).
import { fileURLToPath } from "node:url";
import { benchStartup } from "@mesh/cli-kit/testing";
import { reportBench } from "@repo/bench";

const TARGET_MS = 200;
const startup = benchStartup({
  label: "mesh --help",
  bin: fileURLToPath(new URL("../dist/cli.js", import.meta.url)),
  targetMs: TARGET_MS,
});
reportBench({
  figure: "mesh --help start-up, mean",
  value: `${startup.program.mean.toFixed(1)} ms`,
  baseline: `node -e "" ${startup.baseline.mean.toFixed(1)} ms`,
  ratio: startup.ratio,
  target: `< ${TARGET_MS} ms`,
  met: startup.met,
});
