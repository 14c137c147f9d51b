/**
 * One price record. Gemini records come from the Google Cloud Billing
 * Catalog, one per tiered rate of a SKU; Anthropic records from the static
 * table, one per row.
 */
export interface ProviderPricing {
  /** `gemini` or `anthropic`. */
  provider: string;
  /** Gemini: the model part of the SKU description (e.g. `Gemini 2.5 Pro Text`). Anthropic: the model id. */
  modelHint: string;
  /** Gemini: the Cloud Billing SKU id. Anthropic: `anthropic-docs::<model id>`. */
  skuId: string;
  /** The SKU description, or `Anthropic <model id> (manual table from claude.com/pricing)`. */
  skuDescription: string;
  /**
   * Input price. Anthropic: USD per million tokens. Gemini: USD per billing
   * unit as the catalog states it (per token for `count` SKUs), not converted.
   * Null when the record prices output.
   */
  inputPerMtok: number | null;
  /** Output price, in the same unit as `inputPerMtok`. Null when the record prices input. */
  outputPerMtok: number | null;
  /** 0 for the base tier, 128000 for the long-context tier. */
  tierThresholdTokens: number;
  /** Gemini: `pricingExpression.usageUnit` (e.g. `count`), null when absent. Anthropic: `MTok`. */
  usageUnit: string | null;
  /** `google-cloud-billing` or `anthropic-docs-manual`. */
  source: string;
  /** Gemini: ISO 8601 time of the fetch that read the price. Anthropic: the table's verification date `2026-05-09`. */
  verifiedAt: string | null;
  /** Gemini only: usage from which this tiered rate applies (`startUsageAmount`, 0 when absent). */
  startUsageAmount?: number;
  /** Anthropic only: 5-minute cache write, USD per million tokens. */
  cacheWrite5mPerMtok?: number;
  /** Anthropic only: 1-hour cache write, USD per million tokens. */
  cacheWrite1hPerMtok?: number;
  /** Anthropic only: cache hit (read), USD per million tokens. */
  cacheHitPerMtok?: number;
}
