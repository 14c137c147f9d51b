import { type DiscoveryLogger, resolveLogger } from "@discovery/core";

/** A vendor with an OpenAI-protocol model list, used when the aggregator fails. */
export type FallbackVendor = "openai" | "deepseek" | "xai";

/** Options every catalog function takes. */
export interface CatalogOptions {
  /**
   * Base address of the AIMLAPI aggregator; the catalog is `GET {baseUrl}/models`.
   * Default `https://api.aimlapi.com`. The cache is keyed by this address
   * (trailing slashes ignored), so different aggregators never share a catalog.
   */
  baseUrl?: string;
  /**
   * Base addresses of the fallback model lists (`GET {base}/models`). Defaults:
   * openai `https://api.openai.com/v1`, deepseek `https://api.deepseek.com`,
   * xai `https://api.x.ai/v1`.
   */
  fallbackBaseUrls?: { openai?: string; deepseek?: string; xai?: string };
  /**
   * Keys for the fallback model lists, tried before the environment. Blank
   * counts as missing. Defaults: openai `OPENAI_API_KEY`; deepseek
   * `DEEPSEEK_API_KEY`, then the legacy key file; xai `XAI_API_KEY`, then
   * `GROK_API_KEY`. A vendor without a key is skipped.
   */
  apiKeys?: { openai?: string; deepseek?: string; xai?: string };
  /**
   * Lifetime of the cached aggregator catalog in seconds. Default 86400 (24 h);
   * 0 always refetches. Fallback lists are never cached.
   */
  ttlSeconds?: number;
  /** Timeout of each request (the aggregator, and each fallback list) in milliseconds. Default 10000. */
  timeout?: number;
  /** The `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * Where swallowed failures are reported (never with a key or a query
   * string). Default `consoleLogger` (stderr); also used when the value has
   * no `warn` function.
   */
  logger?: DiscoveryLogger;
}

/** Options of `listModels`. */
export interface ListModelsOptions extends CatalogOptions {
  /**
   * Adapter name (`openai`, `deepseek`, `xai`/`grok`, `anthropic`/`claude`,
   * `google`/`gemini`) or any developer label; null or absent lists every model.
   */
  provider?: string | null;
}

/** Every option with its default applied. */
export interface ResolvedCatalogOptions {
  /** Aggregator address without trailing slashes; also the cache key. */
  baseUrl: string;
  fallbackBaseUrls: Record<FallbackVendor, string>;
  apiKeys: Partial<Record<FallbackVendor, string>>;
  ttlSeconds: number;
  timeout: number;
  fetch: typeof fetch | undefined;
  logger: DiscoveryLogger;
}

export const DEFAULT_BASE_URL = "https://api.aimlapi.com";
export const DEFAULT_TTL_SECONDS = 86_400;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_FALLBACK_BASE_URLS: Readonly<Record<FallbackVendor, string>> = {
  openai: "https://api.openai.com/v1",
  deepseek: "https://api.deepseek.com",
  xai: "https://api.x.ai/v1",
};

/**
 * Applies the defaults; the one place they live. Options that are not an
 * object (plain JavaScript callers can pass anything) count as none.
 */
export function resolveCatalogOptions(given?: CatalogOptions | null): ResolvedCatalogOptions {
  const options = catalogOptionsOf(given);
  const fallback = options.fallbackBaseUrls ?? {};
  return {
    baseUrl: catalogCacheKey(options.baseUrl),
    fallbackBaseUrls: {
      openai: trimSlashes(fallback.openai ?? DEFAULT_FALLBACK_BASE_URLS.openai),
      deepseek: trimSlashes(fallback.deepseek ?? DEFAULT_FALLBACK_BASE_URLS.deepseek),
      xai: trimSlashes(fallback.xai ?? DEFAULT_FALLBACK_BASE_URLS.xai),
    },
    apiKeys: options.apiKeys ?? {},
    ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch,
    logger: resolveLogger(options.logger),
  };
}

/** `options` when it is an object, else no options. */
export function catalogOptionsOf(options: CatalogOptions | null | undefined): CatalogOptions {
  return typeof options === "object" && options !== null ? options : {};
}

/** The cache key of an aggregator address: the address without trailing slashes. */
export function catalogCacheKey(baseUrl: string | undefined): string {
  return trimSlashes(baseUrl ?? DEFAULT_BASE_URL);
}

function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === "/") end--;
  // The same string when nothing is trimmed: a hot lookup then reuses its cached hash.
  return end === url.length ? url : url.slice(0, end);
}
