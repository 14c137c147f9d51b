import { spawnSync } from "node:child_process";

/** Options of {@link benchStartup}. */
export interface BenchStartupOptions {
  /** The built Node script to start, e.g. `dist/cli.js`. Required. */
  bin: string;
  /** What the figures are printed as, e.g. `mesh --help`. Required. */
  label: string;
  /** Arguments of each start. Default `["--help"]`. */
  args?: readonly string[];
  /** Timed starts of each command. Default 30. */
  runs?: number;
  /** Untimed starts first (file cache, JIT). Default 3. */
  warmup?: number;
  /** Target for the mean start, in ms. Default 200; unused when `targetRatio` is given. */
  targetMs?: number;
  /** Target for the mean start as a multiple of the baseline's mean (e.g. 3); replaces `targetMs`. */
  targetRatio?: number;
}

/** Start-time statistics, in ms. */
export interface StartupStats {
  mean: number;
  p50: number;
  p95: number;
}

/** What {@link benchStartup} measured. */
export interface StartupFigures {
  /** A bare `node -e ""`. */
  baseline: StartupStats;
  /** The program. */
  program: StartupStats;
  /** `program.mean / baseline.mean`. */
  ratio: number;
  /** `program.mean` is under `targetMs`, or `ratio` is at most `targetRatio`. */
  met: boolean;
}

function time(args: readonly string[], runs: number, warmup: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { stdio: "ignore" });
    const elapsed = performance.now() - start;
    if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited ${run.status}`);
    if (i >= warmup) samples.push(elapsed);
  }
  return samples.sort((a, b) => a - b);
}

function stats(samples: number[]): StartupStats {
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return {
    mean: samples.reduce((sum, x) => sum + x, 0) / samples.length,
    p50: at(0.5),
    p95: at(0.95),
  };
}

/**
 * Measures how long the built CLI `bin` takes to start (spawned one run after the other) next to a
 * bare `node -e ""`, prints the figures, the ratio to that baseline and whether the target mean is
 * met, and returns them.
 */
export function benchStartup(options: BenchStartupOptions): StartupFigures {
  const runs = options.runs ?? 30;
  const warmup = options.warmup ?? 3;
  const targetMs = options.targetMs ?? 200;
  const baseline = stats(time(["-e", ""], runs, warmup));
  const program = stats(time([options.bin, ...(options.args ?? ["--help"])], runs, warmup));
  const ratio = program.mean / baseline.mean;
  const { targetRatio } = options;
  const met = targetRatio === undefined ? program.mean < targetMs : ratio <= targetRatio;
  const target = targetRatio === undefined ? `mean < ${targetMs} ms` : `ratio <= ${targetRatio}x`;
  const width = Math.max('node -e ""'.length, options.label.length) + 2;
  const line = (label: string, s: StartupStats) =>
    `${label.padEnd(width)}: mean ${s.mean.toFixed(1)} ms, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms  (${runs} runs)`;
  console.log(line('node -e ""', baseline));
  console.log(line(options.label, program));
  console.log(
    `ratio to baseline ${ratio.toFixed(2)}x; target ${target}: ${met ? "met" : "MISSED"}`,
  );
  return { baseline, program, ratio, met };
}
