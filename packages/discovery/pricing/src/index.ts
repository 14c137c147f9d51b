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
export { PRICES } from "./price-data.js";
export { priceFor } from "./price-for.js";
export type {
  PriceFields,
  PriceRow,
  PricesFile,
  PriceTier,
  PricingProvider,
} from "./price-row.js";
export { pricingForAnthropicModel } from "./pricing-for-anthropic-model.js";
export {
  type GeminiPriceLookupOptions,
  pricingForGeminiModel,
} from "./pricing-for-gemini-model.js";
export type { ProviderPricing } from "./provider-pricing.js";
