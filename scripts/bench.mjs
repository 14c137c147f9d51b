// `pnpm bench`: builds, runs every package's benchmarks one package at a time (on a shared
// machine they would measure each other), then prints one table of every figure against its
// target. Arguments go to pnpm's package selection, e.g. `node scripts/bench.mjs --filter @mesh/gateway`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCH_RESULTS_ENV, parseResults, summaryTable } from "../packages/repo/bench/src/index.ts";

const run = (command, args, env = process.env) =>
  spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

if (run("pnpm", ["exec", "turbo", "run", "build"]) !== 0) process.exit(1);
const file = join(tmpdir(), `mesh-bench-${process.pid}.jsonl`);
rmSync(file, { force: true });
const status = run(
  "pnpm",
  [
    ...process.argv.slice(2),
    "-r",
    "--workspace-concurrency=1",
    "--no-bail",
    "--if-present",
    "run",
    "bench",
  ],
  { ...process.env, [BENCH_RESULTS_ENV]: file },
);
const results = existsSync(file) ? parseResults(readFileSync(file, "utf8")) : [];
rmSync(file, { force: true });
process.stdout.write(`\nEvery benchmark against its target\n\n${summaryTable(results)}`);
if (status !== 0) {
  process.stderr.write("bench: a benchmark failed to run (its output is above)\n");
  process.exit(status);
}
