import type { CostReconciliation } from "./cost-reconciliation.js";
import { reconcileTotals } from "./cost-reconciliation.js";
import { costOptionsOf } from "./cost-request-options.js";
import {
  type FetchXaiCostBucketsOptions,
  fetchXaiCostBuckets,
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
 * total. Never throws; a failed lookup counts as zero buckets.
 */
export async function reconcileXaiCost(
  options: ReconcileXaiCostOptions,
): Promise<XaiCostReconciliation> {
  const { attributedUsd, ...fetchOptions } = costOptionsOf(options) as ReconcileXaiCostOptions;
  const buckets = await fetchXaiCostBuckets(fetchOptions);
  return {
    vendor: "xai",
    ...reconcileTotals(buckets, attributedUsd),
    buckets,
    windowStart: fetchOptions.startTime,
    windowEnd: fetchOptions.endTime,
  };
}
