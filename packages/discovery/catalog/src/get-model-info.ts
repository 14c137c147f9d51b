import { indexOf } from "./catalog-index.js";
import type { CatalogOptions } from "./catalog-options.js";
import { loadWholeCatalog, peekCatalog } from "./load-catalog.js";
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
