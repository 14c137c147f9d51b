import { findPriceRow } from "./find-price-row.js";
import type { PriceRow } from "./price-row.js";

/**
 * The list prices of `modelId` at `provider` (adapter or second name), or
 * null when the model is unpriced. Accepts the vendors' spellings: aliases
 * and dated snapshots (`gpt-4o-2024-08-06`), vendor prefixes (`openai/gpt-4o`,
 * `x-ai/grok-4-07-09`), Anthropic's version-first ids
 * (`claude-3-5-haiku-20241022` -> `claude-haiku-3-5`), dots for hyphens
 * (`gpt-5-1` -> `gpt-5.1`). The row is frozen and shared. Never throws.
 */
export function priceFor(provider: string, modelId: string): PriceRow | null {
  return findPriceRow(provider, modelId);
}
