export { DATASET_NAME, type DatasetModel, type DatasetProvider } from "./dataset-rows.js";
export { type CostEstimate, estimateCost, roundUsd, type TokenUsage } from "./estimate-cost.js";
export {
  fetchGeminiPricing,
  type GeminiPricingOptions,
  safeFetchGeminiPricing,
} from "./fetch-gemini-pricing.js";
export { invalidatePricing } from "./invalidate-pricing.js";
export { listAnthropicPricing } from "./list-anthropic-pricing.js";
export { type ListPricesOptions, listPrices } from "./list-prices.js";
export { modelIdCandidates } from "./model-id-candidates.js";
export {
  type GeminiSkuReading,
  parseGeminiSkuDescription,
} from "./parse-gemini-sku-description.js";
export { activePrices, PRICES } from "./price-data.js";
export { priceFor } from "./price-for.js";
export type {
  PriceFields,
  PriceRow,
  PricesFile,
  PriceTier,
  PricingProvider,
} from "./price-row.js";
export { PricesFileSchema, parsePricesFile } from "./prices-file-schema.js";
export { pricesFromDataset } from "./prices-from-dataset.js";
export { pricingForAnthropicModel } from "./pricing-for-anthropic-model.js";
export {
  type GeminiPriceLookupOptions,
  pricingForGeminiModel,
} from "./pricing-for-gemini-model.js";
export type { ProviderPricing } from "./provider-pricing.js";
export { type UsePriceDataOutcome, usePriceData } from "./use-price-data.js";
