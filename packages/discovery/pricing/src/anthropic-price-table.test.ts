import { describe, expect, it } from "vitest";
import { ANTHROPIC_PRICE_TABLE } from "./anthropic-price-table.js";

// Published figures are rounded to the cent, and tier F shows Anthropic's own rounding
// (0.30 for 0.3125, 0.03 for 0.025), so derived prices must match to within 0.0125.
const PUBLISHED_ROUNDING = 0.0125 + 1e-9;

describe("ANTHROPIC_PRICE_TABLE", () => {
  it.each(ANTHROPIC_PRICE_TABLE.map((row) => [row.modelId, row] as const))(
    "%s keeps cache prices at 1.25x, 2x and 0.1x base input within published rounding",
    (_id, row) => {
      expect(Math.abs(row.cacheWrite5m - row.input * 1.25)).toBeLessThanOrEqual(PUBLISHED_ROUNDING);
      expect(Math.abs(row.cacheWrite1h - row.input * 2)).toBeLessThanOrEqual(PUBLISHED_ROUNDING);
      expect(Math.abs(row.cacheHit - row.input * 0.1)).toBeLessThanOrEqual(PUBLISHED_ROUNDING);
    },
  );

  it("publishes every price with at most two decimals", () => {
    for (const row of ANTHROPIC_PRICE_TABLE) {
      for (const price of [
        row.input,
        row.cacheWrite5m,
        row.cacheWrite1h,
        row.cacheHit,
        row.output,
      ]) {
        expect(Math.round(price * 100) / 100).toBe(price);
      }
    }
  });

  it("keeps tier F at Anthropic's published rounding, not the exact multiples", () => {
    const haiku3 = ANTHROPIC_PRICE_TABLE.find((row) => row.modelId === "claude-haiku-3");
    expect(haiku3).toMatchObject({ tier: "F", cacheWrite5m: 0.3, cacheHit: 0.03 });
  });

  it("gives every tier letter one price set", () => {
    const byTier = new Map<string, string>();
    for (const { modelId: _id, deprecated: _d, tier, ...prices } of ANTHROPIC_PRICE_TABLE) {
      const key = JSON.stringify(prices);
      expect(byTier.get(tier) ?? key).toBe(key);
      byTier.set(tier, key);
    }
    expect([...byTier.keys()].sort()).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("has unique model ids and cannot be modified", () => {
    const ids = ANTHROPIC_PRICE_TABLE.map((row) => row.modelId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.isFrozen(ANTHROPIC_PRICE_TABLE)).toBe(true);
    expect(ANTHROPIC_PRICE_TABLE.every((row) => Object.isFrozen(row))).toBe(true);
  });
});
