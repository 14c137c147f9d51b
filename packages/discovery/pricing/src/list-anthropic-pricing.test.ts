import { describe, expect, it } from "vitest";
import { listAnthropicPricing } from "./list-anthropic-pricing.js";
import { pricingForAnthropicModel } from "./pricing-for-anthropic-model.js";

// The Anthropic price table as published at https://claude.com/pricing: id, base input, cache write 5m, cache write 1h, cache hit, output.
const PUBLISHED: ReadonlyArray<readonly [string, number, number, number, number, number]> = [
  ["claude-opus-4-7", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-6", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-5", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-1", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-opus-4", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-sonnet-4-6", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-4-5", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-4", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-3-7", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-haiku-4-5", 1.0, 1.25, 2.0, 0.1, 5.0],
  ["claude-haiku-3-5", 0.8, 1.0, 1.6, 0.08, 4.0],
  ["claude-opus-3", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-haiku-3", 0.25, 0.3, 0.5, 0.03, 1.25],
  ["claude-opus-4-5-20251101", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-1-20250805", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-opus-4-20250514", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-sonnet-4-5-20250929", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-4-20250514", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-haiku-4-5-20251001", 1.0, 1.25, 2.0, 0.1, 5.0],
];

function expectedRecord([id, input, write5m, write1h, hit, output]: (typeof PUBLISHED)[number]) {
  return {
    provider: "anthropic",
    modelHint: id,
    skuId: `anthropic-docs::${id}`,
    skuDescription: `Anthropic ${id} (manual table from claude.com/pricing)`,
    inputPerMtok: input,
    outputPerMtok: output,
    tierThresholdTokens: 0,
    usageUnit: "MTok",
    source: "anthropic-docs-manual",
    verifiedAt: "2026-05-09",
    cacheWrite5mPerMtok: write5m,
    cacheWrite1hPerMtok: write1h,
    cacheHitPerMtok: hit,
  };
}

describe("pricingForAnthropicModel", () => {
  it.each(PUBLISHED.map((row) => [row[0], row] as const))("prices %s as published", (id, row) => {
    expect(pricingForAnthropicModel(id)).toStrictEqual(expectedRecord(row));
  });

  it.each([
    "claude-3-opus-20240229",
    "claude-3-7-sonnet-20250219",
    "claude-3-5-haiku-20241022",
    "claude-3-haiku-20240307",
    "anthropic/claude-opus-4-7",
    "Claude-Opus-4-7",
    "claude-opus-4-7 ",
    "claude-future-2099",
    "",
  ])("returns null for %j, which is not an exact table id", (id) => {
    expect(pricingForAnthropicModel(id)).toBeNull();
  });

  it("returns a fresh record, so changing it does not change the table", () => {
    const first = pricingForAnthropicModel("claude-opus-4-7");
    if (first === null) throw new Error("claude-opus-4-7 is in the table");
    first.inputPerMtok = 0;
    expect(pricingForAnthropicModel("claude-opus-4-7")?.inputPerMtok).toBe(5);
  });
});

describe("listAnthropicPricing", () => {
  it("lists one record per row of the published table, in table order", () => {
    expect(listAnthropicPricing()).toStrictEqual(PUBLISHED.map(expectedRecord));
  });

  it("returns fresh records on every call", () => {
    const first = listAnthropicPricing();
    first.pop();
    const record = first[0];
    if (record === undefined) throw new Error("table is not empty");
    record.outputPerMtok = 1;
    const second = listAnthropicPricing();
    expect(second).toHaveLength(PUBLISHED.length);
    expect(second[0]?.outputPerMtok).toBe(25);
  });
});
