// estimateCost benchmark. Run: pnpm --filter @discovery/pricing bench (after building).
// Figure: estimateCost calls per second over a mix of ids (exact ids, vendor spellings, a
// long-context request, an unpriced id), against a baseline that multiplies the same
// token counts by prices already in hand (no lookup, no tiers, no checks).

import { estimateCost, priceFor } from "@discovery/pricing";
import { reportBench } from "@repo/bench";

const CALLS = 5_000_000;
const ROUNDS = 5;
const TARGET_CALLS_PER_SECOND = 5_000_000;

const calls = [
  [
    "anthropic",
    "claude-opus-4-7",
    { inputTokens: 12_000, outputTokens: 800, cacheReadTokens: 40_000 },
  ],
  ["claude", "claude-3-5-haiku-20241022", { inputTokens: 3_000, outputTokens: 200 }],
  ["openai", "openai/gpt-4o", { inputTokens: 1_500, outputTokens: 300 }],
  ["openai", "gpt-5.4", { inputTokens: 300_000, outputTokens: 4_000 }],
  ["xai", "x-ai/grok-4-07-09", { inputTokens: 9_000, outputTokens: 1_000 }],
  ["deepseek", "deepseek-chat", { inputTokens: 2_000, outputTokens: 500, cacheReadTokens: 1_000 }],
  ["google", "gemini-2.5-pro", { inputTokens: 250_000, outputTokens: 2_000 }],
  ["openai", "gpt-future-9", { inputTokens: 1, outputTokens: 1 }],
] as const;

const rows = calls.map(([provider, id]) => priceFor(provider, id));

function ours(): number {
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    const [provider, id, usage] = calls[i & 7]!;
    total += estimateCost(provider, id, usage)?.totalUsd ?? 0;
  }
  return total;
}

function baseline(): number {
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    const row = rows[i & 7];
    const usage = calls[i & 7]![2];
    if (row) total += (usage.inputTokens * row.input + usage.outputTokens * row.output) / 1e6;
  }
  return total;
}

function rate(run: () => number): number {
  const rates: number[] = [];
  for (let round = -1; round < ROUNDS; round++) {
    const start = performance.now();
    run();
    const perSecond = CALLS / ((performance.now() - start) / 1000);
    if (round >= 0) rates.push(perSecond);
  }
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)] ?? Number.NaN;
}

const oursPerSecond = rate(ours);
const baselinePerSecond = rate(baseline);
const format = (n: number) => Math.round(n).toLocaleString("en-US");
reportBench({
  figure: `estimateCost calls/s (median of ${ROUNDS} x ${format(CALLS)})`,
  value: `${format(oursPerSecond)}/s`,
  baseline: `prices-in-hand multiply ${format(baselinePerSecond)}/s`,
  ratio: oursPerSecond / baselinePerSecond,
  target: `> ${format(TARGET_CALLS_PER_SECOND)}/s`,
  met: oursPerSecond > TARGET_CALLS_PER_SECOND,
});
