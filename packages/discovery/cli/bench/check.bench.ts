// `discovery check` on 20 models, the whole process (the built binary, spawned one run after the
// other), next to a bare `node -e ""`. Target: at most 4x. `--today 2020-01-01 --within 0d` keeps
// every model passing (exit 0) while each is still looked up in full. Run: pnpm --filter
// @discovery/cli bench (after building).
import { fileURLToPath } from "node:url";
import { benchStartup } from "@mesh/cli-kit/testing";
import { reportBench } from "@repo/bench";

const TARGET_RATIO = 4;
const MODELS = [
  "x-ai/grok-4-07-09",
  "xai/grok-4-0709",
  "grok-code-fast-1",
  "grok-3",
  "claude-3-5-haiku-20241022",
  "claude-3-opus-20240229",
  "claude-3-7-sonnet-20250219",
  "anthropic/claude-sonnet-4-20250514",
  "claude-opus-4-1-20250805",
  "openai/gpt-4-32k",
  "gpt-3.5-turbo-0613",
  "gpt-4-0314",
  "chatgpt-4o-latest",
  "codex-mini-latest",
  "gemini-2.0-flash",
  "google/gemini-2.5-pro",
  "gemini-3-pro-preview",
  "deepseek-chat",
  "deepseek/deepseek-reasoner",
  "gemini-2.5-flash",
];
const startup = benchStartup({
  label: "discovery check (20 models)",
  bin: fileURLToPath(new URL("../dist/cli.js", import.meta.url)),
  args: ["check", ...MODELS, "--today", "2020-01-01", "--within", "0d"],
  targetRatio: TARGET_RATIO,
});
reportBench({
  figure: "discovery check on 20 models, whole process, mean",
  value: `${startup.program.mean.toFixed(1)} ms`,
  baseline: `node -e "" ${startup.baseline.mean.toFixed(1)} ms`,
  ratio: startup.ratio,
  target: `<= ${TARGET_RATIO}x`,
  met: startup.met,
});
