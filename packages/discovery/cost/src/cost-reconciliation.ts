/** Billed cost over a window compared with the locally attributed cost. */
export interface CostReconciliation<Vendor extends string, Bucket, Start, End = Start> {
  /** Adapter name of the vendor: `openai` or `xai`. */
  vendor: Vendor;
  /** Sum of the bucket totals, USD. */
  actualUsd: number;
  /** The attributed total passed in, or null. */
  attributedUsd: number | null;
  /** `actualUsd - attributedUsd`; null unless the attributed total is above zero. */
  driftUsd: number | null;
  /** `driftUsd / attributedUsd * 100`; null unless the attributed total is above zero. */
  driftPct: number | null;
  buckets: Bucket[];
  /** Window start as given. */
  windowStart: Start;
  /** Window end as given (OpenAI: null when open). */
  windowEnd: End;
}

/** The totals of a reconciliation: actual from the buckets, drift against the attributed total. */
export function reconcileTotals(
  buckets: readonly { totalUsd: number }[],
  attributedUsd: number | null | undefined,
): Pick<
  CostReconciliation<string, unknown, unknown>,
  "actualUsd" | "attributedUsd" | "driftUsd" | "driftPct"
> {
  const actualUsd = buckets.reduce((sum, bucket) => sum + bucket.totalUsd, 0);
  const attributed =
    typeof attributedUsd === "number" && Number.isFinite(attributedUsd) ? attributedUsd : null;
  if (attributed === null || attributed <= 0) {
    return { actualUsd, attributedUsd: attributed, driftUsd: null, driftPct: null };
  }
  const driftUsd = actualUsd - attributed;
  return {
    actualUsd,
    attributedUsd: attributed,
    driftUsd,
    driftPct: (driftUsd / attributed) * 100,
  };
}
