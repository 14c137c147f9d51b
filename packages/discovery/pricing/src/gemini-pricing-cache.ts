import { type DiscoveryError, TtlCache } from "@discovery/core";
import type { ProviderPricing } from "./provider-pricing.js";

/** A cached Gemini record with its hint lowercased once, for lookups. */
export interface GeminiEntry {
  record: ProviderPricing;
  hintLower: string;
}

/** Result of one catalog load; only complete loads are cached. */
export interface GeminiLoad {
  complete: boolean;
  entries: readonly GeminiEntry[];
  /** Why the load failed; null for a complete load. */
  error: DiscoveryError | null;
}

/**
 * The process-wide cache of the `gemini` provider, one entry per catalog
 * source (base address and service id; never the key). `invalidatePricing`
 * clears it. The clock reads `Date.now` on each call (not a stored reference)
 * so tests can move time with fake timers.
 */
export const geminiPricingCache = new TtlCache<string, GeminiLoad>(() => Date.now());
