import type { SafeResult } from "@discovery/core";
import { indexOf } from "./catalog-index.js";
import { type CatalogOptions, resolveCatalogOptions } from "./catalog-options.js";
import { loadCatalog, loadWholeCatalog, peekCatalog } from "./load-catalog.js";
import type { ModelInfo } from "./model-info.js";

/**
 * The model whose id or alias is `modelId` (same matching as
 * `isModelSupported`), else null. Never throws or rejects.
 */
export function getModelInfo(
  modelId: string,
  options: CatalogOptions = {},
): Promise<ModelInfo | null> {
  if (typeof modelId !== "string") return Promise.resolve(null);
  const cached = peekCatalog(options);
  if (cached !== undefined) return Promise.resolve(indexOf(cached).get(modelId));
  return loadWholeCatalog(options).then((models) => indexOf(models).get(modelId));
}

/**
 * {@link getModelInfo} with the reason a lookup could not use the
 * aggregator catalog: `error` is its `DiscoveryError` when the answer comes
 * from the vendors' fallback lists, so a null `data` may mean "not looked up"
 * rather than "no such model". Never throws.
 */
export async function safeGetModelInfo(
  modelId: string,
  options: CatalogOptions = {},
): Promise<SafeResult<ModelInfo | null>> {
  if (typeof modelId !== "string") return { data: null, error: null };
  const cached = peekCatalog(options);
  if (cached !== undefined) return { data: indexOf(cached).get(modelId), error: null };
  const { models, error } = await loadCatalog(resolveCatalogOptions(options), null);
  return { data: indexOf(models).get(modelId), error };
}
