import type { ModelInfo } from "./model-info.js";

/** Constant-time lookup of a catalog snapshot by id or alias. */
export interface CatalogIndex {
  /** Number of distinct ids and aliases. */
  readonly size: number;
  /** Whether `modelId` is a model's id or one of its aliases. */
  has(modelId: string): boolean;
  /** The model whose id or alias is `modelId`, else null. */
  get(modelId: string): ModelInfo | null;
}

/**
 * Builds the id-and-alias index of a model list. An id always wins over an
 * alias of another model, and the first model wins among equal ids or
 * aliases. Synchronous: for hot paths that hold a list from `listModels`.
 */
export function createCatalogIndex(models: readonly ModelInfo[]): CatalogIndex {
  const byName = new Map<string, ModelInfo>();
  for (const model of models) {
    if (!byName.has(model.id)) byName.set(model.id, model);
  }
  for (const model of models) {
    for (const alias of model.aliases) {
      if (!byName.has(alias)) byName.set(alias, model);
    }
  }
  return {
    size: byName.size,
    has: (modelId) => byName.has(modelId),
    get: (modelId) => byName.get(modelId) ?? null,
  };
}

const indexes = new WeakMap<readonly ModelInfo[], CatalogIndex>();

/** The index of a catalog snapshot, built once per snapshot array. */
export function indexOf(models: readonly ModelInfo[]): CatalogIndex {
  let index = indexes.get(models);
  if (index === undefined) {
    index = createCatalogIndex(models);
    indexes.set(models, index);
  }
  return index;
}
