import { describe, expect, it } from "vitest";
import { reconcileTotals } from "./cost-reconciliation.js";

const buckets = [{ totalUsd: 1.5 }, { totalUsd: 2.5 }];

describe("reconcileTotals", () => {
  it.each([
    ["no attributed total", undefined, null, null, null, "no_attribution"],
    ["a null attributed total", null, null, null, null, "no_attribution"],
    ["a zero attributed total", 0, 0, null, null, "no_attribution"],
    ["a negative attributed total", -2, -2, null, null, "no_attribution"],
    ["a NaN attributed total", Number.NaN, null, null, null, "no_attribution"],
    ["an infinite attributed total", Number.POSITIVE_INFINITY, null, null, null, "no_attribution"],
    ["an attributed total below actual", 2, 2, 2, 100, null],
    ["an attributed total above actual", 5, 5, -1, -20, null],
    ["an attributed total equal to actual", 4, 4, 0, 0, null],
  ])("%s", (_, attributed, echoed, driftUsd, driftPct, driftReason) => {
    expect(reconcileTotals(buckets, attributed, false)).toEqual({
      actualUsd: 4,
      attributedUsd: echoed,
      driftUsd,
      driftPct,
      driftReason,
    });
  });

  it("totals no buckets as zero", () => {
    expect(reconcileTotals([], 10, false)).toEqual({
      actualUsd: 0,
      attributedUsd: 10,
      driftUsd: -10,
      driftPct: -100,
      driftReason: null,
    });
  });

  it.each([undefined, 0, 2])(
    "gives no drift after a failed lookup, attributed %s or not",
    (attributed) => {
      expect(reconcileTotals(buckets, attributed, true)).toMatchObject({
        actualUsd: 4,
        driftUsd: null,
        driftPct: null,
        driftReason: "lookup_failed",
      });
    },
  );
});
