export { fetchGeminiPricing, type GeminiPricingOptions } from "./fetch-gemini-pricing.js";
export { invalidatePricing } from "./invalidate-pricing.js";
export { listAnthropicPricing } from "./list-anthropic-pricing.js";
export {
  type GeminiSkuReading,
  parseGeminiSkuDescription,
} from "./parse-gemini-sku-description.js";
export { pricingForAnthropicModel } from "./pricing-for-anthropic-model.js";
export {
  type GeminiPriceLookupOptions,
  pricingForGeminiModel,
} from "./pricing-for-gemini-model.js";
export type { ProviderPricing } from "./provider-pricing.js";
