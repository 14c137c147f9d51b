import { describe, expect, it } from "vitest";
import { fetchGeminiPricing } from "../src/fetch-gemini-pricing.js";
import { invalidatePricing } from "../src/invalidate-pricing.js";

describe("default vendor address of the Gemini pricing", () => {
  it("asks the Cloud Billing catalog of service 241C-273D-49C8 when no baseUrl is given", async () => {
    const calls: string[] = [];
    const offline = (async (input: Parameters<typeof fetch>[0]) => {
      calls.push(String(input));
      return new Response('{"error":"offline"}', { status: 503 });
    }) as typeof fetch;
    invalidatePricing();
    await fetchGeminiPricing({
      apiKey: "AIza-test-key-0123456789",
      fetch: offline,
      logger: { warn: () => {} },
    });
    invalidatePricing();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(
      /^https:\/\/cloudbilling\.googleapis\.com\/v1\/services\/241C-273D-49C8\/skus\?/,
    );
  });
});
