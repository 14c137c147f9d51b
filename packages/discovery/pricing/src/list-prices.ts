import { canonicalProvider } from "@discovery/normalize";
import { activePrices } from "./price-data.js";
import type { PriceRow } from "./price-row.js";

/** Options of {@link listPrices}. */
export interface ListPricesOptions {
  /** Only this vendor's rows: an adapter name or a second name (`claude`, `grok`, `gemini`). Default: every vendor. */
  provider?: string;
}

/**
 * Every price row of `prices.json` in file order (Anthropic first, then
 * OpenAI, DeepSeek, xAI, Google), or one vendor's. USD per million tokens.
 * Rows are frozen and shared; the array is new. An unknown provider gives `[]`.
 */
export function listPrices(options: ListPricesOptions = {}): PriceRow[] {
  const wanted = options?.provider;
  const { rows } = activePrices();
  if (wanted === undefined) return [...rows];
  const provider = typeof wanted === "string" ? canonicalProvider(wanted) : null;
  return provider === null ? [] : rows.filter((row) => row.provider === provider);
}
