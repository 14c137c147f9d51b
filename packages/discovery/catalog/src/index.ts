export {
  type CatalogIndex,
  createCatalogIndex,
} from "./catalog-index.js";
export type {
  CatalogOptions,
  FallbackVendor,
  ListModelsOptions,
} from "./catalog-options.js";
export { getModelInfo, safeGetModelInfo } from "./get-model-info.js";
export { invalidateCatalog } from "./invalidate-catalog.js";
export { isModelSupported } from "./is-model-supported.js";
export { listModels, safeListModels } from "./list-models.js";
export { matchesDeveloper } from "./matches-developer.js";
export type { ModelInfo } from "./model-info.js";
export { AIMLAPI_SOURCE, parseCatalog } from "./parse-catalog.js";
