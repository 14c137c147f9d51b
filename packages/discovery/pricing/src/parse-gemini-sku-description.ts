/** What a Cloud Billing SKU description says about a Gemini price. */
export interface GeminiSkuReading {
  /** `input` when the text names `input` or `prompt`, else `output` (`output` or `completion`). */
  direction: "input" | "output";
  /** 128000 for the long-context tier, else 0. */
  tierThresholdTokens: number;
  /** From `gemini` up to the first stop word (`Input`, `Output`, `Prompt`, `Completion`), trimmed. */
  modelHint: string;
  /**
   * True when the text names `Caching` or `Storage`: a context-cache price,
   * which is neither an input nor an output price.
   */
  contextCache: boolean;
}

const LONG_TIER_TOKENS = 128_000;
const FAMILY = /gemini/i;
const INPUT = /input|prompt/i;
const OUTPUT = /output|completion/i;
// The spec's four markers, plus the real catalog wording `(Long)`; `(Long & Standard)`
// prices both tiers alike, so it stays in tier 0.
const LONG_TIER = /greater than 128k|long context|200k|1m context|\(long\)/i;
const CONTEXT_CACHE = /caching|storage/i;
// Tried in this order, case-sensitively, as the spec says.
const STOP_WORDS = ["Input", "Output", "Prompt", "Completion"] as const;

/**
 * Reads direction, tier and model hint from a Cloud Billing SKU description
 * by the rules of https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list, or null when the description does not name
 * the Gemini family or names no direction. Never throws.
 *
 * @example parseGeminiSkuDescription("Gemini 3.0 Pro Text Input (Long) - Predictions")
 * // { direction: "input", tierThresholdTokens: 128000, modelHint: "Gemini 3.0 Pro Text", contextCache: false }
 */
export function parseGeminiSkuDescription(description: string): GeminiSkuReading | null {
  if (typeof description !== "string") return null;
  const family = FAMILY.exec(description);
  if (family === null) return null;
  let direction: GeminiSkuReading["direction"];
  if (INPUT.test(description)) direction = "input";
  else if (OUTPUT.test(description)) direction = "output";
  else return null;
  return {
    direction,
    tierThresholdTokens: LONG_TIER.test(description) ? LONG_TIER_TOKENS : 0,
    modelHint: modelHintOf(description.slice(family.index)),
    contextCache: CONTEXT_CACHE.test(description),
  };
}

function modelHintOf(fromFamily: string): string {
  for (const stopWord of STOP_WORDS) {
    const at = fromFamily.indexOf(stopWord);
    if (at !== -1) return fromFamily.slice(0, at).trim();
  }
  return fromFamily.trim();
}
