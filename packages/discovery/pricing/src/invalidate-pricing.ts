import { geminiPricingCache } from "./gemini-pricing-cache.js";

/**
 * Forgets cached prices so the next lookup refetches: `gemini` (or `google`)
 * clears the Gemini catalog cache; no provider (or null) clears every cache.
 * The Anthropic table is static and has nothing to clear; other providers
 * are ignored.
 */
export function invalidatePricing(provider?: string | null): void {
  if (
    provider === undefined ||
    provider === null ||
    provider === "gemini" ||
    provider === "google"
  ) {
    geminiPricingCache.clear();
  }
}
