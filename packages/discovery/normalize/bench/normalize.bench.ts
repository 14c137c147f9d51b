// Benchmarks normalizeModelId against the naive regex form of the spec's rules.
// Run: pnpm --filter @discovery/normalize bench (after building). Stops by itself in a few seconds.
import { reportBench } from "@repo/bench";

// The built package is what ships, so that is what runs. The specifier is a variable so that
// `tsc` (whose typecheck task may run before this package's own build) types it from src instead.
const DIST = "../dist/index.js";
const { normalizeModelId } = (await import(DIST)) as typeof import("../src/index.js");

const TARGET_OPS_PER_SEC = 1_000_000;
const TARGET_MAX_GROWTH = 2; // time per character at 1 MiB over time per character at 64 KiB

function baseline(provider: string, id: string): string {
  if (provider === "xai" || provider === "grok") {
    return id
      .replace(/^x-ai\//, "")
      .replace(/-beta$/, "")
      .replace(/-\d{2}-\d{2}$/, "");
  }
  if (provider === "deepseek") {
    return id.replace(/^deepseek\//, "").replace(/-v\d+\.\d+(?:-\w+)*$/, "");
  }
  return id;
}

type Normalize = (provider: string, id: string) => string;

const REALISTIC: ReadonlyArray<readonly [string, string]> = [
  ["xai", "x-ai/grok-4-07-09"],
  ["xai", "x-ai/grok-3-mini-beta"],
  ["grok", "x-ai/grok-4-1-fast-reasoning"],
  ["grok", "x-ai/grok-code-fast-1"],
  ["xai", "grok-4-0709"],
  ["deepseek", "deepseek/deepseek-reasoner-v3.1-terminus"],
  ["deepseek", "deepseek/deepseek-non-thinking-v3.2-exp"],
  ["deepseek", "deepseek/deepseek-prover-v2"],
  ["deepseek", "deepseek-chat"],
  ["openai", "gpt-4o-2024-08-06"],
  ["claude", "claude-opus-4-7"],
  ["google", "google/gemini-2.5-pro"],
];

let sink = 0;

/** Calls per second of `fn`, measured for about `ms` milliseconds. */
function opsPerSec(fn: () => void, ms: number): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 1000; i++) fn();
    calls += 1000;
    elapsed = performance.now() - start;
  }
  return (calls / elapsed) * 1000;
}

/** Median milliseconds per call of `fn`, timed in batches of at least 2 ms so O(1) calls register. */
function msPerCall(fn: () => void): number {
  let batch = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    if (performance.now() - start >= 2) break;
    batch *= 2;
  }
  const times: number[] = [];
  for (let r = 0; r < 7; r++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    times.push((performance.now() - start) / batch);
  }
  times.sort((a, b) => a - b);
  return times[3] ?? 0;
}

function realistic(normalize: Normalize): number {
  let k = 0;
  const perRound = opsPerSec(() => {
    const [provider, id] = REALISTIC[k++ % REALISTIC.length] ?? ["", ""];
    sink += normalize(provider, id).length;
  }, 500);
  return perRound;
}

for (const [provider, id] of REALISTIC) {
  if (normalizeModelId(provider, id) !== baseline(provider, id)) {
    throw new Error(`bench setup: implementations disagree on (${provider}, ${id})`);
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const ours = realistic(normalizeModelId);
const theirs = realistic(baseline);
console.log("normalizeModelId, realistic catalog ids (12 ids, xAI/DeepSeek/pass-through)");
reportBench({
  figure: "normalizeModelId calls/s, realistic ids",
  value: `${fmt(ours)}/s`,
  baseline: `regex ${fmt(theirs)}/s`,
  ratio: ours / theirs,
  target: `>= ${fmt(TARGET_OPS_PER_SEC)}/s`,
  met: ours >= TARGET_OPS_PER_SEC,
});

const KIB = 1024;
const fill = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
const SHAPES: ReadonlyArray<readonly [string, string, (bytes: number) => string]> = [
  ["'-v1.1' repeated", "deepseek", (b) => "deepseek/" + fill("-v1.1", b)],
  ["'-v1.1' repeated + '!'", "deepseek", (b) => fill("-v1.1", b) + "!"],
  ["'-v1.1' + '-a' groups + '.'", "deepseek", (b) => "-v1.1" + fill("-a", b) + "."],
  ["'-v1.1' + '-a' groups (matches)", "deepseek", (b) => "x-v1.1" + fill("-a", b)],
  [
    "'-v' + digits + '.' + digits + '!'",
    "deepseek",
    (b) => "-v" + fill("1", b / 2) + "." + fill("2", b / 2) + "!",
  ],
  [
    "'-v' + digits + '.' + digits (matches)",
    "deepseek",
    (b) => "x-v" + fill("1", b / 2) + "." + fill("2", b / 2),
  ],
  ["'-v1-v1' repeated", "deepseek", (b) => fill("-v1", b)],
  ["'-07' repeated + '-beta'", "xai", (b) => "x-ai/" + fill("-07", b) + "-beta"],
];

console.log("\nnormalizeModelId, adversarial long ids: ms per call (ns per char of input)");
let worstGrowth = 0;
for (const [name, provider, make] of SHAPES) {
  const row: string[] = [];
  const perChar: number[] = [];
  for (const bytes of [64 * KIB, 1024 * KIB]) {
    const id = make(bytes);
    if (normalizeModelId(provider, id) !== baseline(provider, id)) {
      throw new Error(`bench setup: implementations disagree on ${name}`);
    }
    const t = msPerCall(() => {
      sink += normalizeModelId(provider, id).length;
    });
    const b = msPerCall(() => {
      sink += baseline(provider, id).length;
    });
    perChar.push((t * 1e6) / id.length);
    row.push(
      `${bytes / KIB} KiB: ours ${t.toFixed(5)} ms (${((t * 1e6) / id.length).toFixed(4)} ns/char) | baseline regex ${b.toFixed(5)} ms | speed-up ${(b / t).toFixed(2)}x`,
    );
  }
  const growth = (perChar[1] ?? 0) / (perChar[0] ?? 1);
  worstGrowth = Math.max(worstGrowth, growth);
  const shape = growth < 0.5 ? "constant: only the suffix is read" : "linear";
  console.log(
    `  ${name}\n    ${row.join("\n    ")}\n    growth of ns/char 64 KiB -> 1 MiB: ${growth.toFixed(2)} (${shape})`,
  );
}
reportBench({
  figure: "normalizeModelId growth of ns/char, 64 KiB -> 1 MiB (1 = linear, 16 = quadratic)",
  value: worstGrowth.toFixed(2),
  target: `<= ${TARGET_MAX_GROWTH}`,
  met: worstGrowth <= TARGET_MAX_GROWTH,
});
if (sink === -1) console.log(sink);
