import {
  ANTHROPIC_LONG_CONTEXT,
  ANTHROPIC_PRICE_TABLE,
  ANTHROPIC_PRICES_VERIFIED_AT,
} from "./anthropic-price-table.js";
import { convertDataset, type DatasetProvider } from "./dataset-rows.js";
import type { PricesFile } from "./price-row.js";

/**
 * The prices.json document for a release of the open price dataset (`@pydantic/genai-prices`'
 * provider list, as its repository publishes it in `prices/data.json`): this package's Anthropic
 * table, then the dataset's OpenAI, DeepSeek, xAI and Gemini rows with the prices in force on
 * `releasedAt`. Throws when the dataset lacks one of those providers.
 */
export function pricesFromDataset(dataset: {
  providers: readonly DatasetProvider[];
  version: string;
  releasedAt: string;
}): PricesFile {
  return convertDataset(dataset, {
    rows: ANTHROPIC_PRICE_TABLE,
    longContext: ANTHROPIC_LONG_CONTEXT,
    verifiedAt: ANTHROPIC_PRICES_VERIFIED_AT,
  });
}
