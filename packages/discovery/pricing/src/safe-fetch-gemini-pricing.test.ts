import { DiscoveryError } from "@discovery/core";
import { type FakeCloudBilling, fakeBillingSku, startFakeCloudBilling } from "@discovery/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { safeFetchGeminiPricing } from "./fetch-gemini-pricing.js";
import { invalidatePricing } from "./invalidate-pricing.js";

const silent = { warn() {} };
let billing: FakeCloudBilling;

beforeAll(async () => {
  billing = await startFakeCloudBilling({
    skus: [
      fakeBillingSku("AAAA-0000-0001", "Gemini 9 Pro Text Input - Predictions", [
        { usdPerMillion: 1 },
      ]),
    ],
  });
});
afterAll(() => billing.close());
afterEach(() => {
  invalidatePricing();
  billing.reset();
});

describe("safeFetchGeminiPricing", () => {
  it("gives the records and a null error on success", async () => {
    const { data, error } = await safeFetchGeminiPricing({
      baseUrl: billing.url,
      apiKey: billing.apiKey,
      logger: silent,
    });
    expect(error).toBeNull();
    expect(data.map((record) => record.skuId)).toEqual(["AAAA-0000-0001"]);
  });

  it("tells a refused key from an empty catalog", async () => {
    const { data, error } = await safeFetchGeminiPricing({
      baseUrl: billing.url,
      apiKey: "AIza-wrong-key-000000000000",
      logger: silent,
    });
    expect(data).toEqual([]);
    expect(error).toBeInstanceOf(DiscoveryError);
    expect(error?.code).toBe("http_error");
  });

  it("reports a missing key as missing_credential, without a request", async () => {
    const saved = { ...process.env };
    delete process.env.GOOGLE_CLOUD_BILLING_API_KEY;
    delete process.env.GOOGLE_CLOUD_API_KEY;
    try {
      const { data, error } = await safeFetchGeminiPricing({
        baseUrl: billing.url,
        logger: silent,
      });
      expect(data).toEqual([]);
      expect(error?.code).toBe("missing_credential");
      expect(billing.requests).toHaveLength(0);
    } finally {
      process.env = saved;
    }
  });
});
