// Lifecycle lookups per second: getLifecycle over 40 spellings of known and unknown models (the
// memo answers repeats), and over ids never asked before (every lookup builds its candidates).
// Target: > 1,000,000 lookups/s for the first. Run: pnpm --filter @discovery/retirement bench
// (after building).
import { getLifecycle } from "@discovery/retirement";
import { reportBench } from "@repo/bench";

const TARGET_PER_SECOND = 1_000_000;
const SPELLINGS: readonly [string, string][] = [
  ["xai", "x-ai/grok-4-07-09"],
  ["grok", "grok-4-0709"],
  ["xai", "grok-4"],
  ["xai", "grok-code-fast-1"],
  ["grok", "x-ai/grok-3-mini-beta"],
  ["anthropic", "claude-3-5-haiku-20241022"],
  ["claude", "claude-3-5-haiku-latest"],
  ["anthropic", "claude-haiku-3-5"],
  ["anthropic", "anthropic/claude-3-opus-20240229"],
  ["anthropic", "claude-3-7-sonnet@20250219"],
  ["anthropic", "claude-opus-4-7"],
  ["anthropic", "claude-sonnet-4-20250514"],
  ["openai", "openai/gpt-4-32k"],
  ["openai", "gpt-3.5-turbo-0613"],
  ["openai", "text-davinci-003"],
  ["openai", "gpt-4o"],
  ["openai", "gpt-5"],
  ["openai", "chatgpt-4o-latest"],
  ["google", "models/gemini-2.0-flash"],
  ["gemini", "gemini-2.5-pro"],
  ["google", "gemini-3-pro-preview"],
  ["google", "gemini-3.5-flash"],
  ["deepseek", "deepseek/deepseek-chat-v3.1"],
  ["deepseek", "deepseek-reasoner"],
  ["deepseek", "deepseek-v4-flash"],
  ["mistral", "mistral-large"],
];

function rate(lookups: number, run: (i: number) => void): number {
  for (let i = 0; i < 10_000; i++) run(i);
  const start = performance.now();
  for (let i = 0; i < lookups; i++) run(i);
  return lookups / ((performance.now() - start) / 1000);
}

let sink = 0;
const spelled = rate(3_000_000, (i) => {
  const [provider, id] = SPELLINGS[i % SPELLINGS.length] as [string, string];
  sink += getLifecycle(provider, id).status.length;
});
const fresh = rate(200_000, (i) => {
  sink += getLifecycle("openai", `gpt-unknown-${i}`).status.length;
});
if (sink === 0) throw new Error("no lookup ran");

reportBench({
  figure: "getLifecycle lookups/s, 26 spellings (known and unknown)",
  value: `${Math.round(spelled).toLocaleString("en-US")} lookups/s`,
  target: `> ${TARGET_PER_SECOND.toLocaleString("en-US")} lookups/s`,
  met: spelled > TARGET_PER_SECOND,
});
reportBench({
  figure: "getLifecycle lookups/s, ids never asked before",
  value: `${Math.round(fresh).toLocaleString("en-US")} lookups/s`,
});
