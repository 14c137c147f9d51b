/**
 * Anthropic prices, USD per million tokens, as published on
 * https://claude.com/pricing. Stability tier 3: this file is
 * table content only and is updated on its own. Cache prices are kept as the
 * published figures (1.25x, 2x and 0.1x base input, rounded as published).
 */
export interface AnthropicPriceRow {
  readonly modelId: string;
  /** The spec's price tier letter. */
  readonly tier: "A" | "B" | "C" | "D" | "E" | "F";
  readonly deprecated: boolean;
  readonly input: number;
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly cacheHit: number;
  readonly output: number;
}

/** Date the table was last checked against the published prices. */
export const ANTHROPIC_PRICES_VERIFIED_AT = "2026-05-09";

const A = {
  tier: "A",
  input: 5,
  cacheWrite5m: 6.25,
  cacheWrite1h: 10,
  cacheHit: 0.5,
  output: 25,
} as const;
const B = {
  tier: "B",
  input: 15,
  cacheWrite5m: 18.75,
  cacheWrite1h: 30,
  cacheHit: 1.5,
  output: 75,
} as const;
const C = {
  tier: "C",
  input: 3,
  cacheWrite5m: 3.75,
  cacheWrite1h: 6,
  cacheHit: 0.3,
  output: 15,
} as const;
const D = {
  tier: "D",
  input: 1,
  cacheWrite5m: 1.25,
  cacheWrite1h: 2,
  cacheHit: 0.1,
  output: 5,
} as const;
const E = {
  tier: "E",
  input: 0.8,
  cacheWrite5m: 1,
  cacheWrite1h: 1.6,
  cacheHit: 0.08,
  output: 4,
} as const;
const F = {
  tier: "F",
  input: 0.25,
  cacheWrite5m: 0.3,
  cacheWrite1h: 0.5,
  cacheHit: 0.03,
  output: 1.25,
} as const;

/** The rows in published order; `listAnthropicPricing` keeps this order. */
export const ANTHROPIC_PRICE_TABLE: readonly AnthropicPriceRow[] = Object.freeze(
  [
    { modelId: "claude-opus-4-7", deprecated: false, ...A },
    { modelId: "claude-opus-4-6", deprecated: false, ...A },
    { modelId: "claude-opus-4-5", deprecated: false, ...A },
    { modelId: "claude-opus-4-1", deprecated: false, ...B },
    { modelId: "claude-opus-4", deprecated: false, ...B },
    { modelId: "claude-sonnet-4-6", deprecated: false, ...C },
    { modelId: "claude-sonnet-4-5", deprecated: false, ...C },
    { modelId: "claude-sonnet-4", deprecated: false, ...C },
    { modelId: "claude-sonnet-3-7", deprecated: true, ...C },
    { modelId: "claude-haiku-4-5", deprecated: false, ...D },
    { modelId: "claude-haiku-3-5", deprecated: false, ...E },
    { modelId: "claude-opus-3", deprecated: true, ...B },
    { modelId: "claude-haiku-3", deprecated: false, ...F },
    { modelId: "claude-opus-4-5-20251101", deprecated: false, ...A },
    { modelId: "claude-opus-4-1-20250805", deprecated: false, ...B },
    { modelId: "claude-opus-4-20250514", deprecated: false, ...B },
    { modelId: "claude-sonnet-4-5-20250929", deprecated: false, ...C },
    { modelId: "claude-sonnet-4-20250514", deprecated: false, ...C },
    { modelId: "claude-haiku-4-5-20251001", deprecated: false, ...D },
  ].map((row) => Object.freeze(row)),
);

/** Prices of Anthropic's long-context tier, USD per million tokens. */
export interface AnthropicLongContextTier {
  /** The tier applies to the whole request once its input tokens exceed this. */
  readonly aboveInputTokens: number;
  readonly input: number;
  readonly output: number;
  /** Cache prices keep their published ratios to input: 0.1x read, 1.25x and 2x write. */
  readonly cacheRead: number;
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
}

/**
 * Claude Sonnet 4 and 4.5: a request with more than 200K input tokens is billed, whole, at $6
 * input and $22.50 output per million tokens (https://claude.com/pricing). Keyed by model id.
 */
export const ANTHROPIC_LONG_CONTEXT: Readonly<Record<string, AnthropicLongContextTier>> = (() => {
  const tier: AnthropicLongContextTier = Object.freeze({
    aboveInputTokens: 200_000,
    input: 6,
    output: 22.5,
    cacheRead: 0.6,
    cacheWrite5m: 7.5,
    cacheWrite1h: 12,
  });
  const ids = [
    "claude-sonnet-4-5",
    "claude-sonnet-4",
    "claude-sonnet-4-5-20250929",
    "claude-sonnet-4-20250514",
  ];
  return Object.freeze(Object.fromEntries(ids.map((id) => [id, tier])));
})();
