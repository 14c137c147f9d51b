import { describe, expect, it } from "vitest";
import { reconcileTotals } from "./cost-reconciliation.js";

const buckets = [{ totalUsd: 1.5 }, { totalUsd: 2.5 }];

describe("reconcileTotals", () => {
  it.each([
    ["no attributed total", undefined, null, null, null],
    ["a null attributed total", null, null, null, null],
    ["a zero attributed total", 0, 0, null, null],
    ["a negative attributed total", -2, -2, null, null],
    ["a NaN attributed total", Number.NaN, null, null, null],
    ["an infinite attributed total", Number.POSITIVE_INFINITY, null, null, null],
    ["an attributed total below actual", 2, 2, 2, 100],
    ["an attributed total above actual", 5, 5, -1, -20],
    ["an attributed total equal to actual", 4, 4, 0, 0],
  ])("%s", (_, attributed, echoed, driftUsd, driftPct) => {
    expect(reconcileTotals(buckets, attributed)).toEqual({
      actualUsd: 4,
      attributedUsd: echoed,
      driftUsd,
      driftPct,
    });
  });

  it("totals no buckets as zero", () => {
    expect(reconcileTotals([], 10)).toEqual({
      actualUsd: 0,
      attributedUsd: 10,
      driftUsd: -10,
      driftPct: -100,
    });
  });
});
