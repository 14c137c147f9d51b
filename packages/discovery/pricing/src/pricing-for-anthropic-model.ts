import { ANTHROPIC_PRICE_TABLE } from "./anthropic-price-table.js";
import { anthropicRecord } from "./anthropic-record.js";
import type { ProviderPricing } from "./provider-pricing.js";

/**
 * The Anthropic price record of `modelId`, matched exactly and
 * case-sensitively against the static table (`claude-opus-4-7` matches;
 * `Claude-Opus-4-7`, `anthropic/claude-opus-4-7` and the version-first API ids
 * such as `claude-3-opus-20240229` do not), else null. A fresh object each call.
 */
export function pricingForAnthropicModel(modelId: string): ProviderPricing | null {
  const row = ANTHROPIC_PRICE_TABLE.find((candidate) => candidate.modelId === modelId);
  return row ? anthropicRecord(row) : null;
}
