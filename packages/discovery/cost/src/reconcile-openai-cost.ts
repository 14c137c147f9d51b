import type { CostReconciliation } from "./cost-reconciliation.js";
import { reconcileTotals } from "./cost-reconciliation.js";
import {
  type FetchOpenAICostBucketsOptions,
  fetchOpenAICostBuckets,
  type OpenAICostBucket,
} from "./fetch-openai-cost-buckets.js";

/** Options of {@link reconcileOpenAICost}: those of `fetchOpenAICostBuckets` plus the attributed total. */
export interface ReconcileOpenAICostOptions extends FetchOpenAICostBucketsOptions {
  /** Locally attributed spend over the window, USD. Default none (no drift). */
  attributedUsd?: number | null;
}

/** OpenAI reconciliation: windows in Unix seconds, `windowEnd` null when open. */
export type OpenAICostReconciliation = CostReconciliation<
  "openai",
  OpenAICostBucket,
  number,
  number | null
>;

/**
 * Compares OpenAI's billed organization cost over a window with the locally
 * attributed total. Never throws; a failed lookup counts as zero buckets.
 */
export async function reconcileOpenAICost(
  options: ReconcileOpenAICostOptions,
): Promise<OpenAICostReconciliation> {
  const { attributedUsd, ...fetchOptions } = options;
  const buckets = await fetchOpenAICostBuckets(fetchOptions);
  return {
    vendor: "openai",
    ...reconcileTotals(buckets, attributedUsd),
    buckets,
    windowStart: options.startTime,
    windowEnd: options.endTime ?? null,
  };
}
