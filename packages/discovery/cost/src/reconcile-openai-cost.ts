import type { CostReconciliation } from "./cost-reconciliation.js";
import { reconcileTotals } from "./cost-reconciliation.js";
import { costOptionsOf } from "./cost-request-options.js";
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
 * attributed total. Never throws; a failed lookup (or options that are not
 * an object) counts as zero buckets.
 */
export async function reconcileOpenAICost(
  options: ReconcileOpenAICostOptions,
): Promise<OpenAICostReconciliation> {
  const { attributedUsd, ...fetchOptions } = costOptionsOf(options) as ReconcileOpenAICostOptions;
  const buckets = await fetchOpenAICostBuckets(fetchOptions);
  return {
    vendor: "openai",
    ...reconcileTotals(buckets, attributedUsd),
    buckets,
    windowStart: fetchOptions.startTime,
    windowEnd: fetchOptions.endTime ?? null,
  };
}
