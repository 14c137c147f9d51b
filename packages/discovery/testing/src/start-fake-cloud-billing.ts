import { type FakeResponse, type FakeServer, startFakeServer } from "./start-fake-server.js";

/** Google `Money`: `units` is an int64 sent as a JSON string; value = units + nanos / 1e9. */
export interface FakeBillingMoney {
  currencyCode?: string;
  units?: string;
  nanos?: number;
}

/** One `tieredRates[]` entry of a Cloud Billing pricing expression. */
export interface FakeBillingTieredRate {
  startUsageAmount?: number;
  unitPrice?: FakeBillingMoney;
}

/** One `pricingInfo[]` entry of a Cloud Billing SKU. */
export interface FakeBillingPricingInfo {
  effectiveTime?: string;
  summary?: string;
  pricingExpression?: {
    usageUnit?: string;
    usageUnitDescription?: string;
    baseUnit?: string;
    baseUnitDescription?: string;
    baseUnitConversionFactor?: number;
    displayQuantity?: number;
    tieredRates?: FakeBillingTieredRate[];
  };
  currencyConversionRate?: number;
}

/** A Cloud Billing Catalog SKU as `GET /v1/services/{serviceId}/skus` lists it (https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list). */
export interface FakeBillingSku {
  name?: string;
  skuId: string;
  description: string;
  category?: {
    serviceDisplayName?: string;
    resourceFamily?: string;
    resourceGroup?: string;
    usageType?: string;
  };
  serviceRegions?: string[];
  pricingInfo?: FakeBillingPricingInfo[];
  serviceProviderName?: string;
}

/** One price step of {@link fakeBillingSku}: USD per million units from `startUsageAmount` on. */
export interface FakeBillingRate {
  /** Usage from which this rate applies. Default 0. */
  startUsageAmount?: number;
  /** USD per 1,000,000 units (tokens for `count` SKUs); stored per unit, as Google does. */
  usdPerMillion: number;
}

/** Extra fields of {@link fakeBillingSku}. */
export interface FakeBillingSkuOptions {
  /** Service id used in the SKU's `name`. Default `241C-273D-49C8`. */
  serviceId?: string;
  /** `pricingExpression.usageUnit`. Default `count`. */
  usageUnit?: string;
  /** `pricingInfo[0].effectiveTime`. Default `2026-05-01T00:00:00Z`. */
  effectiveTime?: string;
}

/** Options of {@link startFakeCloudBilling}. */
export interface FakeCloudBillingOptions {
  /** The only key accepted in the `key` query parameter. Default `fake-cloud-billing-key`. */
  apiKey?: string;
  /** The only service id served; other ids get 404. Default `241C-273D-49C8`. */
  serviceId?: string;
  /** SKUs served, in this order. Default {@link defaultCloudBillingSkus}. */
  skus?: readonly FakeBillingSku[];
  /**
   * Largest page the server answers, whatever `pageSize` asks for (to force
   * multi-page listings with few SKUs). Default 5000 (Google's own default page size).
   */
  maxPageSize?: number;
}

/** A running fake Cloud Billing Catalog, with what it serves. */
export interface FakeCloudBilling extends FakeServer {
  readonly apiKey: string;
  readonly serviceId: string;
  readonly skus: readonly FakeBillingSku[];
}

const DEFAULT_SERVICE_ID = "241C-273D-49C8";
const DEFAULT_API_KEY = "fake-cloud-billing-key";
const GOOGLE_DEFAULT_PAGE_SIZE = 5000;
const NANOS_PER_UNIT = 1_000_000_000;

/**
 * A fake Google Cloud Billing Catalog on 127.0.0.1 answering
 * `GET /v1/services/{serviceId}/skus?key=…&pageSize=…&pageToken=…`.
 * SKUs are split into pages of `min(pageSize, maxPageSize)`; `nextPageToken`
 * is an opaque token while more pages exist and `""` on the last page.
 * A wrong or missing key gets 403 in Google's error shape, an unknown page
 * token or a bad `pageSize` 400, another service id or path 404.
 */
export async function startFakeCloudBilling(
  options: FakeCloudBillingOptions = {},
): Promise<FakeCloudBilling> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const serviceId = options.serviceId ?? DEFAULT_SERVICE_ID;
  const skus = options.skus ?? defaultCloudBillingSkus();
  const maxPageSize = options.maxPageSize ?? GOOGLE_DEFAULT_PAGE_SIZE;
  const skusPath = `/v1/services/${serviceId}/skus`;

  const server = await startFakeServer((request): FakeResponse => {
    if (request.method !== "GET" || decodeURIComponent(request.path) !== skusPath) {
      return googleError(404, "NOT_FOUND", "Requested entity was not found.");
    }
    if (request.query.get("key") !== apiKey) {
      return googleError(
        403,
        "PERMISSION_DENIED",
        "The request is missing a valid API key.",
        "API_KEY_INVALID",
      );
    }
    const pageSize = readPageSize(request.query.get("pageSize"));
    if (pageSize === undefined) {
      return googleError(400, "INVALID_ARGUMENT", "Invalid value for field 'pageSize'.");
    }
    const offset = readPageToken(request.query.get("pageToken") ?? "");
    if (offset === undefined || offset > skus.length) {
      return googleError(400, "INVALID_ARGUMENT", "Page token is not valid.");
    }
    const end = Math.min(offset + Math.min(pageSize, maxPageSize), skus.length);
    return {
      json: {
        skus: skus.slice(offset, end),
        nextPageToken: end < skus.length ? pageToken(end) : "",
      },
    };
  });
  return { ...server, apiKey, serviceId, skus };
}

/**
 * A SKU priced per unit the way Google lists token SKUs: `usdPerMillion`
 * 1.25 becomes `{units: "0", nanos: 1250}` per token (`displayQuantity` 1e6).
 * `rates` null leaves `pricingInfo` out.
 */
export function fakeBillingSku(
  skuId: string,
  description: string,
  rates: readonly FakeBillingRate[] | null,
  options: FakeBillingSkuOptions = {},
): FakeBillingSku {
  const serviceId = options.serviceId ?? DEFAULT_SERVICE_ID;
  const sku: FakeBillingSku = {
    name: `services/${serviceId}/skus/${skuId}`,
    skuId,
    description,
    category: {
      serviceDisplayName: "Vertex AI",
      resourceFamily: "ApplicationServices",
      resourceGroup: description.toLowerCase().includes("gemini") ? "Gemini" : "Other",
      usageType: "OnDemand",
    },
    serviceRegions: ["global"],
    serviceProviderName: "Google",
  };
  if (rates !== null) {
    const usageUnit = options.usageUnit ?? "count";
    sku.pricingInfo = [
      {
        effectiveTime: options.effectiveTime ?? "2026-05-01T00:00:00Z",
        summary: "",
        pricingExpression: {
          usageUnit,
          usageUnitDescription: usageUnit,
          baseUnit: usageUnit,
          baseUnitDescription: usageUnit,
          baseUnitConversionFactor: 1,
          displayQuantity: 1_000_000,
          tieredRates: rates.map((rate) => ({
            startUsageAmount: rate.startUsageAmount ?? 0,
            unitPrice: perUnitMoney(rate.usdPerMillion),
          })),
        },
        currencyConversionRate: 1,
      },
    ];
  }
  return sku;
}

/**
 * The default catalog (fresh objects on every call): the real Gemini SKU
 * wording and prices of https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list (including `(Long)`, `(Long & Standard)`,
 * `(Thinking On)`, caching and caching-storage SKUs), a two-rate SKU, a
 * Gemini SKU without `pricingInfo`, and non-Gemini Vertex AI SKUs (one of them
 * with `Input` in its description, one without `pricingInfo`).
 */
export function defaultCloudBillingSkus(): FakeBillingSku[] {
  const rate = (usdPerMillion: number): FakeBillingRate[] => [{ usdPerMillion }];
  return [
    fakeBillingSku("A121-E2B5-1418", "Gemini 2.5 Pro Text Input - Predictions", rate(1.25)),
    fakeBillingSku("5DA2-3F77-1CA5", "Gemini 2.5 Pro Text Output - Predictions", rate(10)),
    fakeBillingSku("E941-1B12-88B9", "Gemini 2.5 Pro Input Text Caching", rate(0.125)),
    fakeBillingSku(
      "7B1C-2E4D-9A30",
      "Gemini 2.5 Pro Text Output (Long & Standard) - Predictions",
      rate(10),
    ),
    fakeBillingSku("FDAB-647C-5A22", "Gemini 2.5 Flash GA Text Input - Predictions", rate(0.3)),
    fakeBillingSku(
      "2C6E-81F0-4D7B",
      "Gemini 2.5 Flash GA Text Output (Thinking On) - Predictions",
      rate(2.5),
    ),
    fakeBillingSku("EAC4-305F-1249", "Gemini 3.0 Pro Text Input - Predictions", rate(2)),
    fakeBillingSku("E0A5-FB5D-79F4", "Gemini 3.0 Pro Text Input (Long) - Predictions", rate(4)),
    fakeBillingSku("9D42-6B1A-E5C8", "Gemini 3.0 Pro Text Output - Predictions", rate(12)),
    fakeBillingSku("3CE8-93F8-3C8F", "Gemini 3.0 Pro Text Output (Long) - Predictions", rate(18)),
    fakeBillingSku("4E8B-C1D2-7F06", "Gemini 3 Flash Text Input Caching Storage", rate(1), {
      usageUnit: "h",
    }),
    fakeBillingSku("B3F1-0A9E-62D4", "Gemini 2.0 Flash Text Input - Predictions", [
      { startUsageAmount: 0, usdPerMillion: 0.15 },
      { startUsageAmount: 1_000_000_000, usdPerMillion: 0.1 },
    ]),
    fakeBillingSku("C5A7-3E2B-18F9", "Gemini 2.0 Flash Text Output - Predictions", rate(0.6)),
    fakeBillingSku("6F0D-A4B8-2C51", "Gemini 2.5 Flash Lite Text Input - Predictions", null),
    fakeBillingSku("1A2B-3C4D-5E6F", "Imagen 4 Image Generation - Predictions", rate(40_000)),
    fakeBillingSku("8E7D-6C5B-4A39", "Text Embedding 005 Input Characters", rate(0.025)),
    fakeBillingSku(
      "D0C9-B8A7-F6E5",
      "Vertex AI Online Prediction n1-standard-4 running in Americas",
      rate(189_000),
      { usageUnit: "h" },
    ),
    fakeBillingSku("0F1E-2D3C-4B5A", "Vertex AI Feature Store Online Serving Node", null),
  ];
}

function perUnitMoney(usdPerMillion: number): FakeBillingMoney {
  // Per-unit price in nanos: (usdPerMillion / 1e6) * 1e9, rounded to a whole nano as Google does.
  const totalNanos = Math.round(usdPerMillion * 1000);
  const units = Math.trunc(totalNanos / NANOS_PER_UNIT);
  return {
    currencyCode: "USD",
    units: String(units),
    nanos: totalNanos - units * NANOS_PER_UNIT,
  };
}

function readPageSize(raw: string | null): number | undefined {
  if (raw === null || raw === "" || raw === "0") return GOOGLE_DEFAULT_PAGE_SIZE;
  if (!/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

function pageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString("base64url");
}

function readPageToken(token: string): number | undefined {
  if (token === "") return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, "base64url").toString("utf8"));
  return match ? Number(match[1]) : undefined;
}

function googleError(code: number, status: string, message: string, reason?: string): FakeResponse {
  const error: Record<string, unknown> = { code, message, status };
  if (reason !== undefined) {
    error["details"] = [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason,
        domain: "googleapis.com",
        metadata: { service: "cloudbilling.googleapis.com" },
      },
    ];
  }
  return { status: code, json: { error } };
}
