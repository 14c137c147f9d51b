import { type FakeCloudBilling, fakeBillingSku, startFakeCloudBilling } from "@discovery/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { recordingLogger } from "../test/recording-logger.js";
import { fetchGeminiPricing } from "./fetch-gemini-pricing.js";
import { invalidatePricing } from "./invalidate-pricing.js";
import {
  type GeminiPriceLookupOptions,
  pricingForGeminiModel,
} from "./pricing-for-gemini-model.js";

let billing: FakeCloudBilling;

function options(extra: GeminiPriceLookupOptions = {}): GeminiPriceLookupOptions {
  return { baseUrl: billing.url, apiKey: billing.apiKey, logger: recordingLogger(), ...extra };
}

beforeAll(async () => {
  billing = await startFakeCloudBilling();
});

afterAll(async () => {
  await billing.close();
});

afterEach(() => {
  invalidatePricing();
  billing.reset();
  vi.unstubAllEnvs();
});

describe("pricingForGeminiModel", () => {
  // Prices are per token, as the default fake catalog states them (Cloud Billing wording).
  it.each<[string, GeminiPriceLookupOptions, number | null]>([
    ["Gemini 2.5 Pro", {}, 0.00001],
    ["gemini 2.5 pro", { direction: "output" }, 0.00001],
    ["GEMINI 2.5 PRO TEXT", { direction: "input" }, 0.00000125],
    ["2.5 flash ga", {}, 0.0000025],
    ["2.5 flash ga", { direction: "input" }, 0.0000003],
    ["gemini 3.0 pro", { direction: "input" }, 0.000002],
    ["gemini 3.0 pro", { direction: "input", tierThresholdTokens: 128_000 }, 0.000004],
    ["gemini 3.0 pro", { tierThresholdTokens: 128_000 }, 0.000018],
    ["gemini 2.0 flash", { direction: "input" }, 0.00000015],
    ["gemini 2.5 pro", { tierThresholdTokens: 128_000 }, null],
    ["gemini 3 flash", { direction: "input" }, null],
    ["gemini 2.5 flash lite", { direction: "input" }, null],
    ["imagen 4", {}, null],
    ["claude", {}, null],
    ["gemini 2.5 pro", { tierThresholdTokens: 200_000 }, null],
  ])("prices %j with %j at %d", async (hint, lookup, expected) => {
    expect(await pricingForGeminiModel(hint, options(lookup))).toBe(expected);
  });

  it("never answers an input lookup with a context-cache price, even one listed first", async () => {
    const cachingFirst = await startFakeCloudBilling({
      skus: [
        fakeBillingSku("E941-1B12-88B9", "Gemini 2.5 Pro Input Text Caching", [
          { usdPerMillion: 0.125 },
        ]),
        fakeBillingSku("4E8B-C1D2-7F06", "Gemini 2.5 Pro Text Input Caching Storage", [
          { usdPerMillion: 4.5 },
        ]),
        fakeBillingSku("A121-E2B5-1418", "Gemini 2.5 Pro Text Input - Predictions", [
          { usdPerMillion: 1.25 },
        ]),
      ],
    });
    try {
      const lookup = options({ baseUrl: cachingFirst.url, direction: "input" });
      expect(await pricingForGeminiModel("gemini 2.5 pro", lookup)).toBe(0.00000125);
    } finally {
      await cachingFirst.close();
    }
  });

  it("shares the cached catalog with fetchGeminiPricing", async () => {
    await fetchGeminiPricing(options());
    await pricingForGeminiModel("gemini 2.5 pro", options());
    await pricingForGeminiModel("gemini 3.0 pro", options({ direction: "input" }));
    expect(billing.requests).toHaveLength(1);
  });

  it("returns null when the catalog cannot be read", async () => {
    billing.enqueue({ status: 500, json: { error: { code: 500 } } });
    expect(await pricingForGeminiModel("gemini 2.5 pro", options())).toBeNull();
  });

  it("returns null without a key, making no request", async () => {
    vi.stubEnv("GOOGLE_CLOUD_BILLING_API_KEY", "");
    vi.stubEnv("GOOGLE_CLOUD_API_KEY", "");
    const lookup = await pricingForGeminiModel("gemini 2.5 pro", {
      baseUrl: billing.url,
      logger: recordingLogger(),
    });
    expect(lookup).toBeNull();
    expect(billing.requests).toHaveLength(0);
  });

  it("returns null for a direction other than input or output", async () => {
    const lookup = options({ direction: "cached" as "input" });
    expect(await pricingForGeminiModel("gemini 2.5 pro", lookup)).toBeNull();
  });
});
