import { DiscoveryError } from "@discovery/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PUBLISHED_ANTHROPIC_PRICES } from "../test/published-anthropic-prices.js";
import { estimateCost } from "./estimate-cost.js";

const usage = {
  inputTokens: 123_456,
  outputTokens: 7_890,
  cacheReadTokens: 40_000,
  cacheWrite5mTokens: 2_500,
  cacheWrite1hTokens: 1_200,
};

describe("estimateCost", () => {
  it.each(PUBLISHED_ANTHROPIC_PRICES)(
    "prices %s as the published table does by hand",
    (id, input, w5m, w1h, hit, output) => {
      const byHand =
        (usage.inputTokens * input +
          usage.outputTokens * output +
          usage.cacheReadTokens * hit +
          usage.cacheWrite5mTokens * w5m +
          usage.cacheWrite1hTokens * w1h) /
        1_000_000;
      const estimate = estimateCost("anthropic", id, usage);
      expect(estimate?.totalUsd).toBeCloseTo(byHand, 12);
      expect(estimate?.inputUsd).toBeCloseTo((usage.inputTokens * input) / 1e6, 12);
      expect(estimate?.outputUsd).toBeCloseTo((usage.outputTokens * output) / 1e6, 12);
      expect(estimate?.cacheReadUsd).toBeCloseTo((usage.cacheReadTokens * hit) / 1e6, 12);
      expect(estimate?.cacheWriteUsd).toBeCloseTo(
        (usage.cacheWrite5mTokens * w5m + usage.cacheWrite1hTokens * w1h) / 1e6,
        12,
      );
      expect(estimate?.tier).toBe(0);
      expect(estimate?.price.model).toBe(id);
    },
  );

  it("gives null for a model without a price", () => {
    expect(estimateCost("openai", "gpt-future-9", { inputTokens: 1, outputTokens: 1 })).toBeNull();
    expect(
      estimateCost("mistral", "mistral-large", { inputTokens: 1, outputTokens: 1 }),
    ).toBeNull();
  });

  it.each([
    // gpt-5.4: 2.50 / 15.00 below, 5.00 / 22.50 above 271,999 input tokens (the whole request).
    [271_999, 0, 0, (271_999 * 2.5 + 1000 * 15) / 1e6],
    [272_000, 0, 271_999, (272_000 * 5 + 1000 * 22.5) / 1e6],
    // Cache reads count toward the input size, and are billed at the tier's cache price.
    [200_000, 72_000, 271_999, (200_000 * 5 + 72_000 * 0.5 + 1000 * 22.5) / 1e6],
  ])(
    "applies the long-context tier by input size (%i input, %i cached)",
    (input, cached, tier, total) => {
      const estimate = estimateCost("openai", "gpt-5.4", {
        inputTokens: input,
        outputTokens: 1000,
        cacheReadTokens: cached,
      });
      expect(estimate?.tier).toBe(tier);
      expect(estimate?.totalUsd).toBeCloseTo(total, 12);
    },
  );

  it("bills cache tokens at the input price when the model lists no cache price", () => {
    // gpt-4o-2024-05-13: 5.00 input, 15.00 output, no cache prices.
    const estimate = estimateCost("openai", "gpt-4o-2024-05-13", {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 1_000_000,
      cacheWrite5mTokens: 1_000_000,
    });
    expect(estimate?.cacheReadUsd).toBe(5);
    expect(estimate?.cacheWriteUsd).toBe(5);
  });

  it("accepts second names and vendor spellings", () => {
    const base = estimateCost("anthropic", "claude-haiku-3-5", usage)?.totalUsd;
    expect(estimateCost("claude", "claude-3-5-haiku-20241022", usage)?.totalUsd).toBe(base);
  });

  it.each([
    [{ inputTokens: -1, outputTokens: 0 }],
    [{ inputTokens: 1, outputTokens: Number.NaN }],
    [{ inputTokens: 1, outputTokens: Number.POSITIVE_INFINITY }],
    [{ inputTokens: "5", outputTokens: 0 }],
    [{ inputTokens: 1, outputTokens: 1, cacheReadTokens: -3 }],
    [null],
  ])("refuses a usage that is not token counts: %o", (bad) => {
    const call = () => estimateCost("openai", "gpt-4o", bad as never);
    expect(call).toThrow(DiscoveryError);
    expect(call).toThrow(/finite number >= 0/);
  });

  it("is never negative and adds up, for any token counts", () => {
    const counts = fc.nat({ max: 2_000_000 });
    fc.assert(
      fc.property(counts, counts, counts, counts, counts, (i, o, r, w5, w1) => {
        const estimate = estimateCost("openai", "gpt-5.6-sol", {
          inputTokens: i,
          outputTokens: o,
          cacheReadTokens: r,
          cacheWrite5mTokens: w5,
          cacheWrite1hTokens: w1,
        });
        if (estimate === null) return false;
        const parts =
          estimate.inputUsd + estimate.outputUsd + estimate.cacheReadUsd + estimate.cacheWriteUsd;
        return estimate.totalUsd >= 0 && Math.abs(estimate.totalUsd - parts) < 1e-9;
      }),
    );
  });

  it.each([
    ["claude-sonnet-4-5", 200_000, 0, 0.6, 0],
    ["claude-sonnet-4-5", 200_001, 1000, 1.200006, 0.0225],
    ["claude-sonnet-4-20250514", 300_000, 10_000, 1.8, 0.225],
    ["claude-3-5-haiku-20241022", 300_000, 0, 0.24, 0],
  ])(
    "bills %s with %i input tokens at the long-context rates above 200K (input $6, output $22.50)",
    (model, input, output, inputUsd, outputUsd) => {
      const estimate = estimateCost("anthropic", model, {
        inputTokens: input,
        outputTokens: output,
      });
      expect(estimate).toMatchObject({ inputUsd, outputUsd });
      expect(estimate?.tier).toBe(input > 200_000 && model.includes("sonnet-4") ? 200_000 : 0);
    },
  );

  it("counts cache tokens into the size that selects the tier, and prices them at the tier", () => {
    const estimate = estimateCost("anthropic", "claude-sonnet-4-5", {
      inputTokens: 1000,
      outputTokens: 0,
      cacheReadTokens: 250_000,
    });
    expect(estimate).toMatchObject({ tier: 200_000, inputUsd: 0.006, cacheReadUsd: 0.15 });
    expect(estimate?.rates).toEqual({
      input: 6,
      output: 22.5,
      cacheRead: 0.6,
      cacheWrite5m: 7.5,
      cacheWrite1h: 12,
    });
  });

  it("gives amounts without float noise", () => {
    // 0.1 USD of input plus 0.2 USD of output: summed as doubles, 0.30000000000000004.
    const estimate = estimateCost("anthropic", "claude-haiku-4-5", {
      inputTokens: 100_000,
      outputTokens: 40_000,
    });
    expect([estimate?.inputUsd, estimate?.outputUsd, estimate?.totalUsd]).toEqual([0.1, 0.2, 0.3]);
    fc.assert(
      fc.property(fc.nat({ max: 5_000_000 }), fc.nat({ max: 5_000_000 }), (i, o) => {
        const e = estimateCost("anthropic", "claude-sonnet-4-5", {
          inputTokens: i,
          outputTokens: o,
        });
        for (const amount of [e?.totalUsd, e?.inputUsd, e?.outputUsd]) {
          expect(String(amount).replace(/^\d+\.?/, "").length).toBeLessThanOrEqual(10);
        }
      }),
    );
  });

  it("carries the price row's verification day", () => {
    const estimate = estimateCost("anthropic", "claude-opus-4-7", {
      inputTokens: 1,
      outputTokens: 1,
    });
    expect(estimate?.verifiedAt).toBe("2026-05-09");
    expect(estimate?.verifiedAt).toBe(estimate?.price.verifiedAt);
  });
});
