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
});
