import { indexOf } from "./catalog-index.js";
import type { CatalogOptions } from "./catalog-options.js";
import { loadWholeCatalog, peekCatalog } from "./load-catalog.js";

/**
 * Whether `modelId` is the id or an alias of a model in the catalog (the
 * fallback lists when the catalog is unavailable or empty). Exact and
 * case-sensitive; constant time once the catalog is loaded. Never throws or
 * rejects; a non-string id gives false without a request.
 */
export function isModelSupported(modelId: string, options: CatalogOptions = {}): Promise<boolean> {
  if (typeof modelId !== "string") return Promise.resolve(false);
  // Not an async function: with a fresh cache the answer is ready, and
  // skipping the async machinery roughly doubles lookup throughput.
  const cached = peekCatalog(options);
  if (cached !== undefined) return Promise.resolve(indexOf(cached).has(modelId));
  return loadWholeCatalog(options).then((models) => indexOf(models).has(modelId));
}
