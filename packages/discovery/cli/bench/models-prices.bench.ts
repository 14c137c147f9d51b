// `discovery models --prices` over the 440-entry AIMLAPI capture served by the fake catalog,
// whole process (spawn to exit, the built binary), next to `discovery models` over the same
// catalog (the baseline: same start-up and fetch, no price or retirement join). Target: mean
// under 300 ms. Run: pnpm --filter @discovery/cli bench (after building).

import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startFakeAimlapi } from "@discovery/testing";
import { cleanEnv } from "@mesh/cli-kit/testing";
import { reportBench } from "@repo/bench";

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const RUNS = 20;
const WARMUP = 3;
const TARGET_MS = 300;

const catalog = await startFakeAimlapi();
try {
  const env = cleanEnv({
    DISCOVERY_AIMLAPI_URL: catalog.url,
    DEEPSEEK_LEGACY_ENV_PATH: "/nonexistent/deepseek.env",
  });

  async function time(
    args: readonly string[],
  ): Promise<{ mean: number; p50: number; rows: number }> {
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const start = performance.now();
      const { stdout } = await run(process.execPath, args, { env, maxBuffer: 1 << 24 });
      const elapsed = performance.now() - start;
      rows = args[0] === "-e" ? 440 : (JSON.parse(stdout) as { models: unknown[] }).models.length;
      if (i >= WARMUP) samples.push(elapsed);
    }
    samples.sort((a, b) => a - b);
    const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
    return { mean, p50: samples[Math.floor(samples.length / 2)] ?? Number.NaN, rows };
  }

  const bare = await time(["-e", ""]);
  const baseline = await time([BIN, "models", "--json"]);
  const ours = await time([BIN, "models", "--prices", "--json"]);
  if (ours.rows !== 440 || baseline.rows !== 440) {
    throw new Error(`expected 440 models, got ${ours.rows} and ${baseline.rows}`);
  }
  const ratio = ours.mean / baseline.mean;
  // Wall-clock figures: on a shared machine the load average says how much they are inflated.
  console.log(
    `load average ${loadavg()[0]?.toFixed(1)}; node -e "": mean ${bare.mean.toFixed(1)} ms, p50 ${bare.p50.toFixed(1)} ms`,
  );
  console.log(
    `discovery models --json (baseline): mean ${baseline.mean.toFixed(1)} ms, p50 ${baseline.p50.toFixed(1)} ms (${RUNS} runs)`,
  );
  console.log(
    `discovery models --prices --json, 440 models: mean ${ours.mean.toFixed(1)} ms, p50 ${ours.p50.toFixed(1)} ms (${RUNS} runs)`,
  );
  reportBench({
    figure: "discovery models --prices --json, mean",
    value: `${ours.mean.toFixed(1)} ms`,
    baseline: `discovery models --json ${baseline.mean.toFixed(1)} ms`,
    ratio,
    target: `< ${TARGET_MS} ms`,
    met: ours.mean < TARGET_MS,
  });
} finally {
  await catalog.close();
}
