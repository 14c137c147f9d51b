import {
  DiscoveryError,
  envValue,
  fetchJson,
  readDeepSeekLegacyKey,
  resolveCredential,
  TtlCache,
} from "@discovery/core";
import { canonicalProvider, developerLabel } from "@discovery/normalize";
import * as v from "valibot";
import {
  type CatalogOptions,
  catalogCacheKey,
  catalogOptionsOf,
  DEFAULT_TTL_SECONDS,
  type FallbackVendor,
  type ResolvedCatalogOptions,
  resolveCatalogOptions,
} from "./catalog-options.js";
import type { ModelInfo } from "./model-info.js";
import { listEntries, parseCatalogBody } from "./parse-catalog.js";

/**
 * The process-wide aggregator cache, keyed by aggregator address. Only
 * non-empty catalogs are stored, so a failed or empty fetch is retried on the
 * next call instead of pinning an empty catalog for a day.
 */
export const catalogCache = new TtlCache<string, readonly ModelInfo[]>();

/** Visiting order of the fallback when no provider is given (google and anthropic have no list). */
const FALLBACK_ORDER: readonly FallbackVendor[] = ["openai", "deepseek", "xai"];

const VENDOR_NAMES: Readonly<Record<FallbackVendor, string>> = {
  openai: "OpenAI",
  deepseek: "DeepSeek",
  xai: "xAI",
};

/**
 * The whole aggregator catalog (cached), or when it is unavailable or empty
 * the fallback lists of the vendors `provider` selects (null = all). Never throws.
 */
export async function loadCatalog(
  options: ResolvedCatalogOptions,
  provider: string | null,
): Promise<LoadedCatalog> {
  // Set only when this call fetched the aggregator and that failed; a cached catalog has none.
  let error: DiscoveryError | null = null;
  const models = await catalogCache.get(
    options.baseUrl,
    async () => {
      const fetched = await fetchAggregator(options);
      error = fetched.error;
      return fetched.models;
    },
    { ttlSeconds: options.ttlSeconds, shouldStore: (loaded) => loaded.length > 0 },
  );
  if (models.length > 0) return { models, fromAggregator: true, error: null };
  return { models: await fetchFallback(options, provider), fromAggregator: false, error };
}

/** What {@link loadCatalog} found, and why the aggregator gave nothing when it failed. */
export interface LoadedCatalog {
  models: readonly ModelInfo[];
  fromAggregator: boolean;
  /** The aggregator's failure when the models come from the fallback lists; else null. */
  error: DiscoveryError | null;
}

/**
 * The fresh cached catalog of `options.baseUrl`, without resolving options,
 * loading or awaiting anything (the hot path of single-model lookups).
 */
export function peekCatalog(given: CatalogOptions): readonly ModelInfo[] | undefined {
  const options = catalogOptionsOf(given);
  return catalogCache.peek(
    catalogCacheKey(options.baseUrl),
    options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
  );
}

/** The whole catalog, loading it (or the full fallback) when the cache has none. */
export async function loadWholeCatalog(options: CatalogOptions): Promise<readonly ModelInfo[]> {
  return (await loadCatalog(resolveCatalogOptions(options), null)).models;
}

async function fetchAggregator(
  options: ResolvedCatalogOptions,
): Promise<{ models: readonly ModelInfo[]; error: DiscoveryError | null }> {
  const result = await fetchJson(`${options.baseUrl}/models`, {
    timeout: options.timeout,
    ...(options.fetch && { fetch: options.fetch }),
    label: "AIMLAPI catalog",
    schema: ModelListBody,
  });
  if (!result.ok) {
    const { status } = result.error;
    const error =
      result.error.code === "invalid_shape"
        ? new DiscoveryError({
            code: "invalid_shape",
            message: "AIMLAPI catalog: body is neither an object with a `data` array nor an array",
            ...(status === undefined ? {} : { status }),
          })
        : result.error;
    options.logger.warn(`${error.message}; falling back to the vendor model lists`);
    return { models: [], error };
  }
  const parsed = parseCatalogBody(result.data);
  if (parsed.models.length === 0) {
    options.logger.warn(
      "AIMLAPI catalog: no usable entries; falling back to the vendor model lists",
    );
  }
  if (parsed.skipped > 0) {
    options.logger.warn(
      `AIMLAPI catalog: skipped ${parsed.skipped} entries that could not be parsed`,
    );
  }
  return { models: parsed.models, error: null };
}

async function fetchFallback(
  options: ResolvedCatalogOptions,
  provider: string | null,
): Promise<ModelInfo[]> {
  const vendors = provider === null ? FALLBACK_ORDER : fallbackVendorsOf(provider);
  const lists = await Promise.all(vendors.map((vendor) => fetchVendorList(options, vendor)));
  const seen = new Set<string>();
  const models: ModelInfo[] = [];
  for (const model of lists.flat()) {
    if (seen.has(model.id)) continue;
    seen.add(model.id);
    models.push(model);
  }
  return models;
}

function fallbackVendorsOf(provider: string): readonly FallbackVendor[] {
  const vendor = canonicalProvider(provider);
  return vendor === "openai" || vendor === "deepseek" || vendor === "xai" ? [vendor] : [];
}

function fallbackKey(options: ResolvedCatalogOptions, vendor: FallbackVendor): string | undefined {
  const explicit = options.apiKeys[vendor];
  switch (vendor) {
    case "openai":
      return resolveCredential(explicit, envValue("OPENAI_API_KEY"));
    case "deepseek":
      // The file is read only when neither the option nor the variable holds a key.
      return resolveCredential(explicit, envValue("DEEPSEEK_API_KEY")) ?? readDeepSeekLegacyKey();
    case "xai":
      return resolveCredential(explicit, envValue("XAI_API_KEY"), envValue("GROK_API_KEY"));
  }
}

/** A model list body: `{ data: [...] }` (extra keys kept) or, in an older form, a bare array. */
const ModelListBody = v.union([
  v.array(v.unknown()),
  v.looseObject({ data: v.array(v.unknown()) }),
]);

const FallbackRow = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  object: v.nullish(v.string()),
});

async function fetchVendorList(
  options: ResolvedCatalogOptions,
  vendor: FallbackVendor,
): Promise<ModelInfo[]> {
  const key = fallbackKey(options, vendor);
  if (key === undefined) return [];
  const label = `${VENDOR_NAMES[vendor]} model list`;
  const result = await fetchJson(`${options.fallbackBaseUrls[vendor]}/models`, {
    headers: { authorization: `Bearer ${key}` },
    redact: [key],
    timeout: options.timeout,
    ...(options.fetch && { fetch: options.fetch }),
    label,
    schema: ModelListBody,
  });
  if (!result.ok) {
    const shape = result.error.code === "invalid_shape";
    options.logger.warn(shape ? `${label}: body has no \`data\` array` : result.error.message);
    return [];
  }
  const rows = listEntries(result.data) ?? [];
  const developer = developerLabel(vendor);
  const models: ModelInfo[] = [];
  for (const row of rows) {
    const parsed = v.safeParse(FallbackRow, row);
    if (!parsed.success) continue;
    models.push(
      Object.freeze({
        id: parsed.output.id,
        developer,
        contextLength: null,
        maxTokens: null,
        name: null,
        description: null,
        type: parsed.output.object ?? null,
        aliases: Object.freeze([]),
        tags: Object.freeze([]),
        source: vendor,
      }),
    );
  }
  return models;
}
