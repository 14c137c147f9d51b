import { catalogCacheKey } from "./catalog-options.js";
import { catalogCache } from "./load-catalog.js";

/**
 * Empties the catalog cache so the next lookup refetches: every aggregator's
 * entry, or only the one of `baseUrl` when given. A fetch already running is
 * not stored.
 */
export function invalidateCatalog(options: { baseUrl?: string } = {}): void {
  catalogCache.clear(options.baseUrl === undefined ? undefined : catalogCacheKey(options.baseUrl));
}
