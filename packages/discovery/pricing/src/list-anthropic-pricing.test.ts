import { describe, expect, it } from "vitest";
import { PUBLISHED_ANTHROPIC_PRICES } from "../test/published-anthropic-prices.js";
import { listAnthropicPricing } from "./list-anthropic-pricing.js";
import { pricingForAnthropicModel } from "./pricing-for-anthropic-model.js";

function expectedRecord([
  id,
  input,
  write5m,
  write1h,
  hit,
  output,
]: (typeof PUBLISHED_ANTHROPIC_PRICES)[number]) {
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
  it.each(PUBLISHED_ANTHROPIC_PRICES.map((row) => [row[0], row] as const))(
    "prices %s as published",
    (id, row) => {
      expect(pricingForAnthropicModel(id)).toStrictEqual(expectedRecord(row));
    },
  );

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
    expect(listAnthropicPricing()).toStrictEqual(PUBLISHED_ANTHROPIC_PRICES.map(expectedRecord));
  });

  it("returns fresh records on every call", () => {
    const first = listAnthropicPricing();
    first.pop();
    const record = first[0];
    if (record === undefined) throw new Error("table is not empty");
    record.outputPerMtok = 1;
    const second = listAnthropicPricing();
    expect(second).toHaveLength(PUBLISHED_ANTHROPIC_PRICES.length);
    expect(second[0]?.outputPerMtok).toBe(25);
  });
});
