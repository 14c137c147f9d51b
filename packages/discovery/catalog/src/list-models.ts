import { DiscoveryError, type SafeResult } from "@discovery/core";
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
  return (await safeListModels(given)).data;
}

/**
 * {@link listModels} with the reason the aggregator catalog gave nothing:
 * `error` is the aggregator's `DiscoveryError` when `data` comes from the
 * vendors' fallback lists (possibly empty), null when it comes from the
 * catalog. Never throws; logs as `listModels` does.
 */
export async function safeListModels(
  given?: ListModelsOptions | null,
): Promise<SafeResult<ModelInfo[]>> {
  const options: ListModelsOptions = catalogOptionsOf(given);
  const resolved = resolveCatalogOptions(options);
  const provider = options.provider ?? null;
  if (provider !== null && typeof provider !== "string") {
    const message = "listModels: provider must be a string or null";
    resolved.logger.warn(`${message}; returning no models`);
    return { data: [], error: new DiscoveryError({ code: "invalid_argument", message }) };
  }
  const { models, fromAggregator, error } = await loadCatalog(resolved, provider);
  if (provider === null || !fromAggregator) return { data: models.slice(), error };
  const wanted = developerKey(developerLabel(provider));
  return { data: models.filter((model) => labelKey(model.developer) === wanted), error };
}
