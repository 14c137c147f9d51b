import {
  DiscoveryError,
  type DiscoveryLogger,
  envValue,
  fetchJson,
  resolveCredential,
  resolveLogger,
  type SafeResult,
} from "@discovery/core";
import * as v from "valibot";
import { type GeminiEntry, type GeminiLoad, geminiPricingCache } from "./gemini-pricing-cache.js";
import {
  BillingPageSchema,
  DescribedSkuSchema,
  type GeminiSku,
  GeminiSkuSchema,
} from "./gemini-sku-schema.js";
import { moneyToNumber } from "./money-to-number.js";
import { parseGeminiSkuDescription } from "./parse-gemini-sku-description.js";
import type { ProviderPricing } from "./provider-pricing.js";

/** Options of {@link fetchGeminiPricing}. */
export interface GeminiPricingOptions {
  /**
   * Google Cloud API key allowed to call Cloud Billing (not the Gemini chat
   * key). Default: `GOOGLE_CLOUD_BILLING_API_KEY`, else `GOOGLE_CLOUD_API_KEY`.
   * Blank counts as missing; a missing key gives an empty result without a request.
   */
  apiKey?: string;
  /** Lifetime of the cached catalog in seconds; 0 disables the cache. Default 86400 (also for a negative or non-finite value). */
  ttlSeconds?: number;
  /** Cloud Billing service whose SKUs are listed. Default `241C-273D-49C8`. */
  serviceId?: string;
  /** Cloud Billing base address. Default `https://cloudbilling.googleapis.com`. */
  baseUrl?: string;
  /** Timeout of each page request in milliseconds. Default 15000 (also for a value that is not positive). */
  timeout?: number;
  /** The `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * Where failures are reported (never with the key). Default: `consoleLogger`
   * (stderr), also used when the value has no `warn` function.
   */
  logger?: DiscoveryLogger;
}

interface GeminiSettings {
  apiKey: string | undefined;
  ttlSeconds: number;
  serviceId: string;
  baseUrl: string;
  timeout: number;
  fetch: typeof fetch | undefined;
  logger: DiscoveryLogger;
}

const DEFAULT_BASE_URL = "https://cloudbilling.googleapis.com";
const DEFAULT_SERVICE_ID = "241C-273D-49C8";
const DEFAULT_TTL_SECONDS = 86_400;
const DEFAULT_TIMEOUT_MS = 15_000;
const PAGE_SIZE = 500;
const MAX_PAGES = 20;
const SOURCE = "google-cloud-billing";

/**
 * Gemini prices from the Google Cloud Billing Catalog: every SKU whose
 * description names `gemini` and a direction gives one record per tiered
 * rate of its first `pricingInfo`, priced per billing unit as the catalog
 * states it (per token for `count` SKUs; not converted to per-million).
 * Context-cache SKUs (description naming `Caching` or `Storage`) are left
 * out: they are neither input nor output prices. `verifiedAt` is the time of
 * the fetch. Pages of 500 are followed through `nextPageToken`, at most 20.
 *
 * Never throws: a missing key, a network, HTTP, JSON or shape error on any
 * page logs a warning and gives an empty array, which is not cached. The key
 * never reaches a warning or a record (an echoed key becomes `[REDACTED]`). Results
 * are cached per catalog source for `ttlSeconds`. Returns fresh copies.
 */
export async function fetchGeminiPricing(
  options: GeminiPricingOptions = {},
): Promise<ProviderPricing[]> {
  return (await safeFetchGeminiPricing(options)).data;
}

/**
 * {@link fetchGeminiPricing} with the reason of a failure: `{ data, error }`,
 * `error` a `DiscoveryError` (`missing_credential`, `http_error`, …) or null.
 * Never throws; logs as `fetchGeminiPricing` does.
 */
export async function safeFetchGeminiPricing(
  options: GeminiPricingOptions = {},
): Promise<SafeResult<ProviderPricing[]>> {
  const load = await geminiLoad(options);
  return { data: load.entries.map((entry) => ({ ...entry.record })), error: load.error };
}

/** The cached Gemini entries (not copies; for lookups inside this package). */
export async function geminiEntries(
  options: GeminiPricingOptions,
): Promise<readonly GeminiEntry[]> {
  return (await geminiLoad(options)).entries;
}

async function geminiLoad(options: GeminiPricingOptions): Promise<GeminiLoad> {
  const settings = resolveSettings(options);
  const { apiKey } = settings;
  if (apiKey === undefined) {
    const error = new DiscoveryError({
      code: "missing_credential",
      message:
        "Gemini pricing: no Cloud Billing API key (pass apiKey or set GOOGLE_CLOUD_BILLING_API_KEY " +
        "or GOOGLE_CLOUD_API_KEY)",
    });
    settings.logger.warn(`${error.message}; returning no prices`);
    return { complete: false, entries: [], error };
  }
  return geminiPricingCache.get(
    `${settings.baseUrl} ${settings.serviceId}`,
    () => loadGeminiPricing(settings, apiKey),
    { ttlSeconds: settings.ttlSeconds, shouldStore: (loaded) => loaded.complete },
  );
}

function resolveSettings(options: GeminiPricingOptions | undefined): GeminiSettings {
  const given = options ?? {};
  return {
    apiKey: resolveCredential(
      given.apiKey,
      envValue("GOOGLE_CLOUD_BILLING_API_KEY"),
      envValue("GOOGLE_CLOUD_API_KEY"),
    ),
    ttlSeconds: nonNegative(given.ttlSeconds) ?? DEFAULT_TTL_SECONDS,
    serviceId: resolveCredential(given.serviceId) ?? DEFAULT_SERVICE_ID,
    baseUrl: (resolveCredential(given.baseUrl) ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    timeout: given.timeout !== undefined && given.timeout > 0 ? given.timeout : DEFAULT_TIMEOUT_MS,
    fetch: given.fetch,
    logger: resolveLogger(given.logger),
  };
}

function nonNegative(value: number | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function failedLoad(logger: DiscoveryLogger, error: DiscoveryError, hint = ""): GeminiLoad {
  logger.warn(`Gemini pricing: ${error.message}${hint}; returning no prices`);
  return { complete: false, entries: [], error };
}

async function loadGeminiPricing(settings: GeminiSettings, apiKey: string): Promise<GeminiLoad> {
  try {
    return await readCatalog(settings, apiKey);
  } catch (error) {
    // Nothing below is expected to throw; this keeps the never-throw promise regardless.
    const message = `unexpected failure (${errorName(error)})`;
    return failedLoad(
      settings.logger,
      new DiscoveryError({ code: "invalid_request", message, cause: error }),
    );
  }
}

async function readCatalog(settings: GeminiSettings, apiKey: string): Promise<GeminiLoad> {
  const { logger, serviceId } = settings;
  const fetchedAt = new Date().toISOString();
  const skusUrl = `${settings.baseUrl}/v1/services/${encodeURIComponent(serviceId)}/skus`;
  const entries: GeminiEntry[] = [];
  let malformedSkus = 0;
  let pageToken = "";
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ key: apiKey, pageSize: String(PAGE_SIZE) });
    if (pageToken !== "") query.set("pageToken", pageToken);
    const label = `Cloud Billing SKUs of service ${serviceId}, page ${page}`;
    // The key is in the query: fetchJson's messages carry only the label, never the URL.
    const result = await fetchJson(`${skusUrl}?${query}`, {
      timeout: settings.timeout,
      label,
      // A catalog echoing the key (it travels in the query) must not put it in a record.
      redact: [apiKey],
      schema: BillingPageSchema,
      ...(settings.fetch ? { fetch: settings.fetch } : {}),
    });
    if (!result.ok) {
      const { status } = result.error;
      const hint =
        status === 401 || status === 403
          ? " (check that the key may call the Cloud Billing API)"
          : "";
      return failedLoad(logger, result.error, hint);
    }
    for (const item of result.data.skus) {
      const described = v.safeParse(DescribedSkuSchema, item);
      if (!described.success) {
        malformedSkus++;
        continue;
      }
      if (!/gemini/i.test(described.output.description)) continue;
      const sku = v.safeParse(GeminiSkuSchema, item);
      if (sku.success) entries.push(...skuEntries(sku.output, fetchedAt));
      else malformedSkus++;
    }
    pageToken = result.data.nextPageToken;
    if (pageToken === "") break;
  }
  if (malformedSkus > 0) {
    logger.warn(`Gemini pricing: skipped ${malformedSkus} SKU(s) with an unexpected shape`);
  }
  if (pageToken !== "") {
    logger.warn(
      `Gemini pricing: stopped after ${MAX_PAGES} pages of service ${serviceId}; ` +
        "SKUs on later pages are not priced",
    );
  }
  return { complete: true, entries, error: null };
}

function skuEntries(sku: GeminiSku, fetchedAt: string): GeminiEntry[] {
  const reading = parseGeminiSkuDescription(sku.description);
  if (reading === null || reading.contextCache) return [];
  const expression = sku.pricingInfo[0]?.pricingExpression;
  if (expression === undefined) return [];
  const entries: GeminiEntry[] = [];
  for (const rate of expression.tieredRates) {
    if (rate.unitPrice === undefined) continue;
    const price = moneyToNumber(rate.unitPrice);
    const record: ProviderPricing = {
      provider: "gemini",
      modelHint: reading.modelHint,
      skuId: sku.skuId,
      skuDescription: sku.description,
      inputPerMtok: reading.direction === "input" ? price : null,
      outputPerMtok: reading.direction === "output" ? price : null,
      tierThresholdTokens: reading.tierThresholdTokens,
      usageUnit: expression.usageUnit ?? null,
      source: SOURCE,
      verifiedAt: fetchedAt,
      startUsageAmount: rate.startUsageAmount,
    };
    entries.push({ record, hintLower: reading.modelHint.toLowerCase() });
  }
  return entries;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
