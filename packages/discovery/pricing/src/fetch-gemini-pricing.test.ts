import {
  type FakeBillingSku,
  type FakeCloudBilling,
  type FakeResponse,
  type FakeServer,
  fakeBillingSku,
  startFakeCloudBilling,
  startFakeServer,
} from "@discovery/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { recordingLogger } from "../test/recording-logger.js";
import { fetchGeminiPricing, type GeminiPricingOptions } from "./fetch-gemini-pricing.js";
import { invalidatePricing } from "./invalidate-pricing.js";

const KEY_ENV = ["GOOGLE_CLOUD_BILLING_API_KEY", "GOOGLE_CLOUD_API_KEY"] as const;

let billing: FakeCloudBilling;
let logger: ReturnType<typeof recordingLogger>;
const extraServers: FakeServer[] = [];

function options(extra: GeminiPricingOptions = {}): GeminiPricingOptions {
  return { baseUrl: billing.url, apiKey: billing.apiKey, logger, ...extra };
}

/** A server answering each page token from a map ("" = first page), 404 for others. */
async function pagedServer(pages: Record<string, FakeResponse>): Promise<FakeServer> {
  const server = await startFakeServer(
    (request) => pages[request.query.get("pageToken") ?? ""] ?? { status: 404, json: {} },
  );
  extraServers.push(server);
  return server;
}

const GEMINI_INPUT = fakeBillingSku("AAAA-0000-0001", "Gemini 9 Pro Text Input - Predictions", [
  { usdPerMillion: 1 },
]);
const GEMINI_OUTPUT = fakeBillingSku("AAAA-0000-0002", "Gemini 9 Pro Text Output - Predictions", [
  { usdPerMillion: 4 },
]);

beforeAll(async () => {
  billing = await startFakeCloudBilling();
});

afterAll(async () => {
  await billing.close();
});

beforeEach(() => {
  logger = recordingLogger();
  for (const name of KEY_ENV) vi.stubEnv(name, "");
});

afterEach(async () => {
  // No warning, whatever the test, may carry a key.
  for (const message of logger.messages) {
    expect(message).not.toContain(billing.apiKey);
    expect(message).not.toContain("key=");
  }
  invalidatePricing();
  billing.reset();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  await Promise.all(extraServers.splice(0).map((server) => server.close()));
});

describe("fetchGeminiPricing", () => {
  it("turns every priced Gemini input/output SKU rate into a record, in catalog order", async () => {
    const before = Date.now();
    const records = await fetchGeminiPricing(options());
    const after = Date.now();

    expect(
      records.map((r) => [
        r.skuId,
        r.modelHint,
        r.inputPerMtok,
        r.outputPerMtok,
        r.tierThresholdTokens,
        r.startUsageAmount,
      ]),
    ).toStrictEqual([
      ["A121-E2B5-1418", "Gemini 2.5 Pro Text", 0.00000125, null, 0, 0],
      ["5DA2-3F77-1CA5", "Gemini 2.5 Pro Text", null, 0.00001, 0, 0],
      ["7B1C-2E4D-9A30", "Gemini 2.5 Pro Text", null, 0.00001, 0, 0],
      ["FDAB-647C-5A22", "Gemini 2.5 Flash GA Text", 0.0000003, null, 0, 0],
      ["2C6E-81F0-4D7B", "Gemini 2.5 Flash GA Text", null, 0.0000025, 0, 0],
      ["EAC4-305F-1249", "Gemini 3.0 Pro Text", 0.000002, null, 0, 0],
      ["E0A5-FB5D-79F4", "Gemini 3.0 Pro Text", 0.000004, null, 128_000, 0],
      ["9D42-6B1A-E5C8", "Gemini 3.0 Pro Text", null, 0.000012, 0, 0],
      ["3CE8-93F8-3C8F", "Gemini 3.0 Pro Text", null, 0.000018, 128_000, 0],
      ["B3F1-0A9E-62D4", "Gemini 2.0 Flash Text", 0.00000015, null, 0, 0],
      ["B3F1-0A9E-62D4", "Gemini 2.0 Flash Text", 0.0000001, null, 0, 1_000_000_000],
      ["C5A7-3E2B-18F9", "Gemini 2.0 Flash Text", null, 0.0000006, 0, 0],
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        provider: "gemini",
        source: "google-cloud-billing",
        usageUnit: "count",
      });
      expect(record.skuDescription).toBe(
        billing.skus.find((sku) => sku.skuId === record.skuId)?.description,
      );
      const verifiedAt = Date.parse(record.verifiedAt ?? "");
      expect(verifiedAt).toBeGreaterThanOrEqual(before - 1);
      expect(verifiedAt).toBeLessThanOrEqual(after);
    }
    expect(logger.messages).toEqual([]);
  });

  it("leaves context-cache SKUs (Caching, Storage) and SKUs without pricingInfo out", async () => {
    const skuIds = new Set((await fetchGeminiPricing(options())).map((r) => r.skuId));
    expect(skuIds.has("E941-1B12-88B9")).toBe(false); // Gemini 2.5 Pro Input Text Caching
    expect(skuIds.has("4E8B-C1D2-7F06")).toBe(false); // Gemini 3 Flash Text Input Caching Storage
    expect(skuIds.has("6F0D-A4B8-2C51")).toBe(false); // no pricingInfo
    expect(skuIds.has("8E7D-6C5B-4A39")).toBe(false); // Text Embedding ... Input (not Gemini)
  });

  it("asks for pages of 500 of the default service with the key in the query", async () => {
    await fetchGeminiPricing(options());
    expect(billing.requests).toHaveLength(1);
    const [request] = billing.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/v1/services/241C-273D-49C8/skus");
    expect(request?.query.get("key")).toBe(billing.apiKey);
    expect(request?.query.get("pageSize")).toBe("500");
    expect(request?.query.has("pageToken")).toBe(false);
  });

  it("follows nextPageToken through every page, sending each token back", async () => {
    const server = await pagedServer({
      "": { json: { skus: [GEMINI_INPUT], nextPageToken: "token-2" } },
      "token-2": { json: { skus: [], nextPageToken: "token-3" } },
      "token-3": { json: { skus: [GEMINI_OUTPUT], nextPageToken: "" } },
    });
    const records = await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(server.requests.map((r) => r.query.get("pageToken"))).toEqual([
      null,
      "token-2",
      "token-3",
    ]);
    for (const request of server.requests) {
      expect(request.query.get("pageSize")).toBe("500");
      expect(request.query.get("key")).toBe(billing.apiKey);
    }
    expect(records.map((r) => r.skuId)).toEqual(["AAAA-0000-0001", "AAAA-0000-0002"]);
  });

  it("gathers the same records over many small pages as over one page", async () => {
    const onePage = await fetchGeminiPricing(options({ ttlSeconds: 0 }));
    const small = await startFakeCloudBilling({ maxPageSize: 4 });
    extraServers.push(small);
    const manyPages = await fetchGeminiPricing(options({ baseUrl: small.url }));
    expect(small.requests).toHaveLength(Math.ceil(small.skus.length / 4));
    const withoutTime = (records: typeof onePage) => records.map((r) => ({ ...r, verifiedAt: "" }));
    expect(withoutTime(manyPages)).toStrictEqual(withoutTime(onePage));
  });

  it("takes a page without skus or nextPageToken as an empty last page", async () => {
    const server = await pagedServer({ "": { json: {} } });
    expect(await fetchGeminiPricing(options({ baseUrl: server.url }))).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(logger.messages).toEqual([]);
  });

  it("stops after 20 pages, keeps what they priced and says so", async () => {
    let served = 0;
    const server = await startFakeServer(() => {
      served++;
      const sku = fakeBillingSku(`PAGE-${served}`, `Gemini Page ${served} Input`, [
        { usdPerMillion: served },
      ]);
      return { json: { skus: [sku], nextPageToken: `after-${served}` } };
    });
    extraServers.push(server);
    const records = await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(server.requests).toHaveLength(20);
    expect(server.requests.map((r) => r.query.get("pageToken")).slice(1, 3)).toEqual([
      "after-1",
      "after-2",
    ]);
    expect(records).toHaveLength(20);
    expect(logger.messages).toEqual([expect.stringContaining("stopped after 20 pages")]);
    await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(server.requests).toHaveLength(20);
  });

  it("prices nothing for SKUs without pricingInfo, expression or unit price", async () => {
    const noExpression: FakeBillingSku = {
      skuId: "NO-EXPR",
      description: "Gemini X Input",
      pricingInfo: [{ effectiveTime: "2026-05-01T00:00:00Z" }],
    };
    const noUnitPrice: FakeBillingSku = {
      skuId: "NO-PRICE",
      description: "Gemini X Output",
      pricingInfo: [{ pricingExpression: { usageUnit: "count", tieredRates: [{}] } }],
    };
    const server = await pagedServer({
      "": {
        json: {
          skus: [
            fakeBillingSku("NO-INFO", "Gemini X Text Input - Predictions", null),
            { skuId: "EMPTY-INFO", description: "Gemini X Input", pricingInfo: [] },
            noExpression,
            noUnitPrice,
          ],
        },
      },
    });
    expect(await fetchGeminiPricing(options({ baseUrl: server.url }))).toEqual([]);
    expect(logger.messages).toEqual([]);
  });

  it("reads only the first pricingInfo entry, with usageUnit null when absent", async () => {
    const sku: FakeBillingSku = {
      skuId: "TWO-INFOS",
      description: "Gemini X Input",
      pricingInfo: [
        { pricingExpression: { tieredRates: [{ unitPrice: { units: "2", nanos: 500_000_000 } }] } },
        { pricingExpression: { usageUnit: "count", tieredRates: [{ unitPrice: { units: "9" } }] } },
      ],
    };
    const server = await pagedServer({ "": { json: { skus: [sku] } } });
    const records = await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(records).toMatchObject([
      { skuId: "TWO-INFOS", inputPerMtok: 2.5, usageUnit: null, startUsageAmount: 0 },
    ]);
  });

  it.each([
    [{ units: "10", nanos: 500_000_000 }, 10.5],
    [{ units: "0", nanos: 35_000 }, 0.000035],
    [{ units: "-1", nanos: -500_000_000 }, -1.5],
    [{}, 0],
    [{ units: 7, nanos: 0 }, 7],
  ])("reads the unit price %j as %d", async (unitPrice, expected) => {
    const sku = {
      skuId: "MONEY",
      description: "Gemini X Output",
      pricingInfo: [{ pricingExpression: { usageUnit: "count", tieredRates: [{ unitPrice }] } }],
    };
    const server = await pagedServer({ "": { json: { skus: [sku] } } });
    const records = await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(records.map((r) => r.outputPerMtok)).toEqual([expected]);
  });

  it("skips Gemini SKUs of an unexpected shape, keeps the rest and says how many", async () => {
    const badRates = {
      skuId: "BAD-RATES",
      description: "Gemini X Input",
      pricingInfo: [{ pricingExpression: { tieredRates: "free" } }],
    };
    const badUnits = {
      skuId: "BAD-UNITS",
      description: "Gemini X Input",
      pricingInfo: [{ pricingExpression: { tieredRates: [{ unitPrice: { units: "1.5" } }] } }],
    };
    const odd = { skuId: 42, description: "Unrelated SKU", pricingInfo: "n/a" };
    const server = await pagedServer({
      "": { json: { skus: [badRates, GEMINI_INPUT, badUnits, "not a sku", odd] } },
    });
    const records = await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(records.map((r) => r.skuId)).toEqual(["AAAA-0000-0001"]);
    expect(logger.messages).toEqual([expect.stringContaining("skipped 3 SKU(s)")]);
  });

  it.each<[string, FakeResponse]>([
    ["a body that is not JSON", { body: '{"skus": [' }],
    ["skus that is not an array", { json: { skus: { a: 1 }, nextPageToken: "" } }],
    ["a nextPageToken that is not a string", { json: { skus: [], nextPageToken: 3 } }],
    ["a JSON array instead of a page", { json: [] }],
    ["JSON null", { body: "null" }],
    ["HTTP 500", { status: 500, json: { error: { code: 500, status: "INTERNAL" } } }],
    ["HTTP 429", { status: 429, json: { error: { code: 429, status: "RESOURCE_EXHAUSTED" } } }],
    ["a dropped connection", { drop: true }],
  ])("returns nothing, and caches nothing, when page 2 of 3 is %s", async (_what, broken) => {
    const pages: Record<string, FakeResponse> = {
      "": { json: { skus: [GEMINI_INPUT], nextPageToken: "p2" } },
      p2: broken,
      p3: { json: { skus: [GEMINI_OUTPUT], nextPageToken: "" } },
    };
    const server = await pagedServer(pages);
    expect(await fetchGeminiPricing(options({ baseUrl: server.url }))).toEqual([]);
    expect(server.requests).toHaveLength(2);
    expect(logger.messages).toEqual([
      expect.stringMatching(/^Gemini pricing: .*page 2.*; returning no prices$/),
    ]);

    pages["p2"] = { json: { skus: [], nextPageToken: "p3" } };
    const recovered = await fetchGeminiPricing(options({ baseUrl: server.url }));
    expect(recovered.map((r) => r.skuId)).toEqual(["AAAA-0000-0001", "AAAA-0000-0002"]);
    expect(server.requests).toHaveLength(5);
  });

  it("returns nothing on a wrong key, and the warning names neither key nor URL", async () => {
    const wrongKey = "AIzaWRONG-key-value-123456";
    expect(await fetchGeminiPricing(options({ apiKey: wrongKey }))).toEqual([]);
    expect(billing.requests[0]?.query.get("key")).toBe(wrongKey);
    expect(logger.messages).toHaveLength(1);
    expect(logger.messages[0]).toContain("HTTP 403");
    expect(logger.messages[0]).toContain("Cloud Billing API");
    expect(logger.messages[0]).not.toContain(wrongKey);
    expect(logger.messages[0]).not.toContain("?");
  });

  it("returns nothing when the catalog does not answer in time", async () => {
    billing.enqueue({ delayMs: 2000, json: { skus: [] } });
    expect(await fetchGeminiPricing(options({ timeout: 50 }))).toEqual([]);
    expect(logger.messages).toEqual([expect.stringContaining("no answer within 50 ms")]);
  });

  it("returns nothing when the catalog cannot be reached", async () => {
    const gone = await startFakeServer(() => ({ json: {} }));
    await gone.close();
    expect(await fetchGeminiPricing(options({ baseUrl: gone.url }))).toEqual([]);
    expect(logger.messages).toEqual([expect.stringContaining("request failed")]);
  });

  it("returns nothing through a fetch that throws, without throwing", async () => {
    const throwingFetch = (() => {
      throw new TypeError("boom");
    }) as unknown as typeof fetch;
    expect(await fetchGeminiPricing(options({ fetch: throwingFetch }))).toEqual([]);
    expect(billing.requests).toHaveLength(0);
  });

  it.each([
    ["no apiKey and no environment key", undefined],
    ["a blank apiKey", "   "],
    ["an empty apiKey", ""],
  ])("makes no request with %s", async (_what, apiKey) => {
    const records = await fetchGeminiPricing({
      baseUrl: billing.url,
      logger,
      ...(apiKey === undefined ? {} : { apiKey }),
    });
    expect(records).toEqual([]);
    expect(billing.requests).toHaveLength(0);
    expect(logger.messages).toEqual([expect.stringContaining("no Cloud Billing API key")]);
  });

  it.each([
    ["the option over both variables", "opt-key", "billing-env", "cloud-env", "opt-key"],
    [
      "GOOGLE_CLOUD_BILLING_API_KEY without an option",
      undefined,
      "billing-env",
      "cloud-env",
      "billing-env",
    ],
    ["GOOGLE_CLOUD_API_KEY as the last resort", undefined, "", "cloud-env", "cloud-env"],
    [
      "a trimmed variable when the option is blank",
      " ",
      "  billing-env  ",
      "cloud-env",
      "billing-env",
    ],
    [
      "the cloud variable when the billing one is blank",
      undefined,
      "   ",
      "cloud-env",
      "cloud-env",
    ],
  ])("sends %s", async (_what, apiKey, billingEnv, cloudEnv, sent) => {
    vi.stubEnv("GOOGLE_CLOUD_BILLING_API_KEY", billingEnv);
    vi.stubEnv("GOOGLE_CLOUD_API_KEY", cloudEnv);
    await fetchGeminiPricing({
      baseUrl: billing.url,
      logger: recordingLogger(),
      ...(apiKey === undefined ? {} : { apiKey }),
    });
    expect(billing.requests.map((r) => r.query.get("key"))).toEqual([sent]);
  });

  it("lists the SKUs of a given serviceId", async () => {
    const vertex = await startFakeCloudBilling({ serviceId: "C7E2-9256-1C43" });
    extraServers.push(vertex);
    const records = await fetchGeminiPricing(
      options({ baseUrl: `${vertex.url}/`, serviceId: "C7E2-9256-1C43" }),
    );
    expect(vertex.requests.map((r) => r.path)).toEqual(["/v1/services/C7E2-9256-1C43/skus"]);
    expect(records.length).toBeGreaterThan(0);

    expect(await fetchGeminiPricing(options({ baseUrl: vertex.url }))).toEqual([]);
    expect(vertex.requests.at(-1)?.path).toBe("/v1/services/241C-273D-49C8/skus");
    expect(logger.messages).toEqual([expect.stringContaining("HTTP 404")]);
  });

  it.each([5, {}, { warn: "no" }])(
    "reports to the console instead of throwing for logger %j",
    async (badLogger) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const settings = { baseUrl: billing.url, apiKey: "", logger: badLogger };
      expect(await fetchGeminiPricing(settings as unknown as GeminiPricingOptions)).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("no Cloud Billing API key"));
      warn.mockRestore();
    },
  );

  it("does not throw when the logger itself throws", async () => {
    const throwing = {
      warn() {
        throw new Error("broken logger");
      },
    };
    expect(
      await fetchGeminiPricing({ baseUrl: billing.url, apiKey: "", logger: throwing }),
    ).toEqual([]);
    expect(await fetchGeminiPricing(options({ apiKey: "wrong", logger: throwing }))).toEqual([]);
  });

  it("keeps a key the catalog echoes out of the records", async () => {
    const echo = fakeBillingSku("ECHO-0000-0001", `Gemini 9 Pro ${billing.apiKey} Input`, [
      { usdPerMillion: 1 },
    ]);
    const server = await startFakeCloudBilling({ skus: [echo] });
    extraServers.push(server);
    const records = await fetchGeminiPricing(
      options({ baseUrl: server.url, apiKey: server.apiKey }),
    );
    expect(records.map((r) => r.skuDescription)).toEqual(["Gemini 9 Pro [REDACTED] Input"]);
  });

  it("returns copies, so changing a result does not change the cache", async () => {
    const first = await fetchGeminiPricing(options());
    const record = first[0];
    if (record === undefined) throw new Error("the default catalog prices something");
    record.inputPerMtok = 99;
    first.length = 0;
    const second = await fetchGeminiPricing(options());
    expect(second[0]?.inputPerMtok).toBe(0.00000125);
    expect(billing.requests).toHaveLength(1);
  });
});

describe("Gemini pricing cache", () => {
  it("serves repeated calls from the cache for ttlSeconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await fetchGeminiPricing(options({ ttlSeconds: 60 }));
    vi.setSystemTime(Date.now() + 59_000);
    await fetchGeminiPricing(options({ ttlSeconds: 60 }));
    expect(billing.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await fetchGeminiPricing(options({ ttlSeconds: 60 }));
    expect(billing.requests).toHaveLength(2);
  });

  it("keeps the catalog for a day by default", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await fetchGeminiPricing(options());
    vi.setSystemTime(Date.now() + 86_399_000);
    await fetchGeminiPricing(options());
    expect(billing.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await fetchGeminiPricing(options());
    expect(billing.requests).toHaveLength(2);
  });

  it("refetches on every call with ttlSeconds 0", async () => {
    await fetchGeminiPricing(options({ ttlSeconds: 0 }));
    await fetchGeminiPricing(options({ ttlSeconds: 0 }));
    expect(billing.requests).toHaveLength(2);
  });

  it("shares one request between concurrent calls", async () => {
    const results = await Promise.all([
      fetchGeminiPricing(options()),
      fetchGeminiPricing(options()),
      fetchGeminiPricing(options()),
    ]);
    expect(billing.requests).toHaveLength(1);
    expect(results[1]).toStrictEqual(results[0]);
  });

  it.each([
    ["invalidatePricing('gemini')", () => invalidatePricing("gemini"), 2],
    ["invalidatePricing('google')", () => invalidatePricing("google"), 2],
    ["invalidatePricing()", () => invalidatePricing(), 2],
    ["invalidatePricing(null)", () => invalidatePricing(null), 2],
    ["invalidatePricing('anthropic')", () => invalidatePricing("anthropic"), 1],
    ["invalidatePricing('openai')", () => invalidatePricing("openai"), 1],
  ])("after %s the catalog is fetched %d time(s) in all", async (_what, invalidate, requests) => {
    await fetchGeminiPricing(options());
    invalidate();
    await fetchGeminiPricing(options());
    expect(billing.requests).toHaveLength(requests);
  });

  it("caches each catalog source on its own", async () => {
    const other = await startFakeCloudBilling({ skus: [GEMINI_INPUT] });
    extraServers.push(other);
    await fetchGeminiPricing(options());
    const fromOther = await fetchGeminiPricing(options({ baseUrl: other.url }));
    expect(fromOther.map((r) => r.skuId)).toEqual(["AAAA-0000-0001"]);
    expect(other.requests).toHaveLength(1);
    expect(billing.requests).toHaveLength(1);
  });

  it("does not cache the empty result of a failed fetch", async () => {
    billing.enqueue({ status: 503, json: { error: { code: 503 } } });
    expect(await fetchGeminiPricing(options())).toEqual([]);
    expect((await fetchGeminiPricing(options())).length).toBeGreaterThan(0);
    expect(billing.requests).toHaveLength(2);
  });
});
