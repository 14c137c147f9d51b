import { ANTHROPIC_PRICES_VERIFIED_AT, type AnthropicPriceRow } from "./anthropic-price-table.js";
import type { ProviderPricing } from "./provider-pricing.js";

/** A fresh record for one table row, so callers can change it without touching the table. */
export function anthropicRecord(row: AnthropicPriceRow): ProviderPricing {
  return {
    provider: "anthropic",
    modelHint: row.modelId,
    skuId: `anthropic-docs::${row.modelId}`,
    skuDescription: `Anthropic ${row.modelId} (manual table from claude.com/pricing)`,
    inputPerMtok: row.input,
    outputPerMtok: row.output,
    tierThresholdTokens: 0,
    usageUnit: "MTok",
    source: "anthropic-docs-manual",
    verifiedAt: ANTHROPIC_PRICES_VERIFIED_AT,
    cacheWrite5mPerMtok: row.cacheWrite5m,
    cacheWrite1hPerMtok: row.cacheWrite1h,
    cacheHitPerMtok: row.cacheHit,
  };
}
