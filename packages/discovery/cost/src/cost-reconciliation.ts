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
  /**
   * Why the drift is null: `lookup_failed` (the vendor lookup failed, so
   * `actualUsd` is not the billed total), `no_attribution` (no attributed
   * total above zero); null when the drift is given.
   */
  driftReason: DriftReason | null;
  buckets: Bucket[];
  /** Window start as given. */
  windowStart: Start;
  /** Window end as given (OpenAI: null when open). */
  windowEnd: End;
}

/** Why a reconciliation has no drift. */
export type DriftReason = "lookup_failed" | "no_attribution";

/**
 * The totals of a reconciliation: actual from the buckets, drift against the
 * attributed total; no drift when the lookup failed (`lookupFailed`).
 */
export function reconcileTotals(
  buckets: readonly { totalUsd: number }[],
  attributedUsd: number | null | undefined,
  lookupFailed: boolean,
): Pick<
  CostReconciliation<string, unknown, unknown>,
  "actualUsd" | "attributedUsd" | "driftUsd" | "driftPct" | "driftReason"
> {
  const actualUsd = buckets.reduce((sum, bucket) => sum + bucket.totalUsd, 0);
  const attributed =
    typeof attributedUsd === "number" && Number.isFinite(attributedUsd) ? attributedUsd : null;
  const noDrift = { actualUsd, attributedUsd: attributed, driftUsd: null, driftPct: null };
  if (lookupFailed) return { ...noDrift, driftReason: "lookup_failed" };
  if (attributed === null || attributed <= 0) return { ...noDrift, driftReason: "no_attribution" };
  const driftUsd = actualUsd - attributed;
  return {
    actualUsd,
    attributedUsd: attributed,
    driftUsd,
    driftPct: (driftUsd / attributed) * 100,
    driftReason: null,
  };
}
