import { catalogCacheKey } from "./catalog-options.js";
import { catalogCache } from "./load-catalog.js";

/**
 * Empties the catalog cache so the next lookup refetches: every aggregator's
 * entry, or only the one of `baseUrl` when given. A fetch already running is
 * not stored.
 */
export function invalidateCatalog(options?: { baseUrl?: string } | null): void {
  const baseUrl = typeof options === "object" && options !== null ? options.baseUrl : undefined;
  catalogCache.clear(baseUrl === undefined ? undefined : catalogCacheKey(baseUrl));
}
