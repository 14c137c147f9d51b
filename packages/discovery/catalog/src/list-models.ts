import { developerLabel } from "@discovery/normalize";
import {
  catalogOptionsOf,
  type ListModelsOptions,
  resolveCatalogOptions,
} from "./catalog-options.js";
import { loadCatalog } from "./load-catalog.js";
import { developerKey, labelKey } from "./matches-developer.js";
import type { ModelInfo } from "./model-info.js";

/**
 * The models of the AIMLAPI catalog (cached process-wide for `ttlSeconds`),
 * all of them or those whose developer matches `provider` loosely (see
 * `matchesDeveloper`). When the catalog cannot be fetched or is empty, the
 * OpenAI-protocol model lists of the selected vendors that have a key
 * (uncached). Never throws: failures are logged and give fewer or no models;
 * a provider that is neither a string nor null gives no models.
 */
export async function listModels(given?: ListModelsOptions | null): Promise<ModelInfo[]> {
  const options: ListModelsOptions = catalogOptionsOf(given);
  const resolved = resolveCatalogOptions(options);
  const provider = options.provider ?? null;
  if (provider !== null && typeof provider !== "string") {
    resolved.logger.warn("listModels: provider must be a string or null; returning no models");
    return [];
  }
  const { models, fromAggregator } = await loadCatalog(resolved, provider);
  if (provider === null || !fromAggregator) return models.slice();
  const wanted = developerKey(developerLabel(provider));
  return models.filter((model) => labelKey(model.developer) === wanted);
}
