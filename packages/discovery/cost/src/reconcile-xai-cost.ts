import type { CostReconciliation } from "./cost-reconciliation.js";
import { reconcileTotals } from "./cost-reconciliation.js";
import { costOptionsOf } from "./cost-request-options.js";
import {
  type FetchXaiCostBucketsOptions,
  safeFetchXaiCostBuckets,
  type XaiCostBucket,
} from "./fetch-xai-cost-buckets.js";

/** Options of {@link reconcileXaiCost}: those of `fetchXaiCostBuckets` plus the attributed total. */
export interface ReconcileXaiCostOptions extends FetchXaiCostBucketsOptions {
  /** Locally attributed spend over the window, USD. Default none (no drift). */
  attributedUsd?: number | null;
}

/** xAI reconciliation: windows echoed as the strings given. */
export type XaiCostReconciliation = CostReconciliation<"xai", XaiCostBucket, string>;

/**
 * Compares xAI's billed team spend over a window with the locally attributed
 * total. Never throws. When the lookup fails, `driftUsd` and `driftPct` are
 * null with `driftReason` `lookup_failed`, not a drift against zero spend.
 */
export async function reconcileXaiCost(
  options: ReconcileXaiCostOptions,
): Promise<XaiCostReconciliation> {
  const { attributedUsd, ...fetchOptions } = costOptionsOf(options) as ReconcileXaiCostOptions;
  const { data: buckets, error } = await safeFetchXaiCostBuckets(fetchOptions);
  return {
    vendor: "xai",
    ...reconcileTotals(buckets, attributedUsd, error !== null),
    buckets,
    windowStart: fetchOptions.startTime,
    windowEnd: fetchOptions.endTime,
  };
}
