// Startup time of `mesh --help` (the built binary) next to a bare `node -e ""`, spawned one after
// the other. Target: mean under 200 ms. Run: pnpm --filter @mesh/cli bench (after building).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const TARGET_MS = 200;
const RUNS = 30;
const WARMUP = 3;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function time(args: string[]): number[] {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { stdio: "ignore" });
    const elapsed = performance.now() - start;
    if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited ${run.status}`);
    if (i >= WARMUP) samples.push(elapsed);
  }
  return samples.sort((a, b) => a - b);
}

function stats(samples: number[]): { mean: number; p50: number; p95: number } {
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return {
    mean: samples.reduce((sum, x) => sum + x, 0) / samples.length,
    p50: at(0.5),
    p95: at(0.95),
  };
}

const baseline = stats(time(["-e", ""]));
const help = stats(time([cli, "--help"]));
const fmt = (s: { mean: number; p50: number; p95: number }) =>
  `mean ${s.mean.toFixed(1)} ms, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
console.log(`node -e ""   : ${fmt(baseline)}  (${RUNS} runs)`);
console.log(`mesh --help  : ${fmt(help)}  (${RUNS} runs)`);
console.log(
  `ratio to baseline ${(help.mean / baseline.mean).toFixed(2)}x; target mean < ${TARGET_MS} ms: ${
    help.mean < TARGET_MS ? "met" : "MISSED"
  }`,
);
