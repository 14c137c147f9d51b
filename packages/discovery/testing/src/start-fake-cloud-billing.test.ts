import { afterEach, describe, expect, it } from "vitest";
import {
  defaultCloudBillingSkus,
  type FakeCloudBilling,
  fakeBillingSku,
  startFakeCloudBilling,
} from "./start-fake-cloud-billing.js";

const open: FakeCloudBilling[] = [];

async function start(...args: Parameters<typeof startFakeCloudBilling>) {
  const server = await startFakeCloudBilling(...args);
  open.push(server);
  return server;
}

async function get(server: FakeCloudBilling, path: string, query: Record<string, string>) {
  const response = await fetch(`${server.url}${path}?${new URLSearchParams(query)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

const SKUS_PATH = "/v1/services/241C-273D-49C8/skus";

describe("startFakeCloudBilling", () => {
  it("pages the SKU list by the smaller of pageSize and maxPageSize, ending with an empty token", async () => {
    const server = await start({ maxPageSize: 7 });
    const seen: string[] = [];
    let token = "";
    let pages = 0;
    do {
      const query: Record<string, string> = { key: server.apiKey, pageSize: "500" };
      if (token !== "") query["pageToken"] = token;
      const { status, body } = await get(server, SKUS_PATH, query);
      expect(status).toBe(200);
      const skus = body["skus"] as { skuId: string }[];
      expect(skus.length).toBeLessThanOrEqual(7);
      seen.push(...skus.map((sku) => sku.skuId));
      token = body["nextPageToken"] as string;
      pages++;
    } while (token !== "");
    expect(pages).toBe(Math.ceil(server.skus.length / 7));
    expect(seen).toEqual(server.skus.map((sku) => sku.skuId));
  });

  it("answers a wrong or missing key with 403 in Google's error shape", async () => {
    const server = await start();
    for (const query of [{ key: "wrong" }, {}]) {
      const { status, body } = await get(server, SKUS_PATH, query);
      expect(status).toBe(403);
      expect(body).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED" } });
    }
  });

  it("answers another service with 404 and a bad page token or size with 400", async () => {
    const server = await start({ serviceId: "C7E2-9256-1C43" });
    expect((await get(server, SKUS_PATH, { key: server.apiKey })).status).toBe(404);
    const path = "/v1/services/C7E2-9256-1C43/skus";
    expect((await get(server, path, { key: server.apiKey })).status).toBe(200);
    expect((await get(server, path, { key: server.apiKey, pageToken: "nope" })).status).toBe(400);
    expect((await get(server, path, { key: server.apiKey, pageSize: "-1" })).status).toBe(400);
  });

  it("states token prices per token as Google Money", () => {
    const sku = fakeBillingSku("X", "Gemini X Input", [
      { usdPerMillion: 1.25 },
      { startUsageAmount: 5, usdPerMillion: 2_500_000 },
    ]);
    expect(sku.pricingInfo?.[0]?.pricingExpression?.tieredRates).toEqual([
      { startUsageAmount: 0, unitPrice: { currencyCode: "USD", units: "0", nanos: 1250 } },
      { startUsageAmount: 5, unitPrice: { currencyCode: "USD", units: "2", nanos: 500_000_000 } },
    ]);
    expect(fakeBillingSku("Y", "No price", null).pricingInfo).toBeUndefined();
  });

  it("seeds the real Gemini wording of https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list with fresh objects", () => {
    const seed = defaultCloudBillingSkus();
    const described = new Map(seed.map((sku) => [sku.skuId, sku.description]));
    expect(described.get("A121-E2B5-1418")).toBe("Gemini 2.5 Pro Text Input - Predictions");
    expect(described.get("E0A5-FB5D-79F4")).toBe("Gemini 3.0 Pro Text Input (Long) - Predictions");
    expect(seed.some((sku) => sku.pricingInfo === undefined)).toBe(true);
    expect(seed.some((sku) => !sku.description.toLowerCase().includes("gemini"))).toBe(true);
    expect(defaultCloudBillingSkus()).not.toBe(seed);
  });
});
