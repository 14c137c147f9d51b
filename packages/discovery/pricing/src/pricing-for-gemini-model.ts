import { type GeminiPricingOptions, geminiEntries } from "./fetch-gemini-pricing.js";

/** Options of {@link pricingForGeminiModel}: the lookup's own fields plus every fetch option. */
export interface GeminiPriceLookupOptions extends GeminiPricingOptions {
  /** Which price to return. Default `output`. */
  direction?: "input" | "output";
  /** Tier to match exactly: 0 (base) or 128000 (long context). Default 0. */
  tierThresholdTokens?: number;
}

/**
 * The Gemini price for the first catalog record (in catalog order) whose
 * `modelHint` contains `modelHint` (case-insensitive), whose tier equals
 * `tierThresholdTokens`, and which has a price for `direction`; else null.
 * The price is per billing unit as the Cloud Billing Catalog states it (USD
 * per token for token SKUs, e.g. 0.00000125), not converted to per-million.
 * Context-cache SKUs never match. Never throws; a failed fetch gives null.
 */
export async function pricingForGeminiModel(
  modelHint: string,
  options: GeminiPriceLookupOptions = {},
): Promise<number | null> {
  const direction = options?.direction ?? "output";
  const tier = options?.tierThresholdTokens ?? 0;
  if (typeof modelHint !== "string" || (direction !== "input" && direction !== "output")) {
    return null;
  }
  const wanted = modelHint.toLowerCase();
  for (const { record, hintLower } of await geminiEntries(options)) {
    if (record.tierThresholdTokens !== tier || !hintLower.includes(wanted)) continue;
    const price = direction === "input" ? record.inputPerMtok : record.outputPerMtok;
    if (price !== null) return price;
  }
  return null;
}
