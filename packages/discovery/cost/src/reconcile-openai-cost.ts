import type { CostReconciliation } from "./cost-reconciliation.js";
import { reconcileTotals } from "./cost-reconciliation.js";
import { costOptionsOf } from "./cost-request-options.js";
import {
  type FetchOpenAICostBucketsOptions,
  type OpenAICostBucket,
  safeFetchOpenAICostBuckets,
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
 * attributed total. Never throws. When the lookup fails (or the options are not
 * an object), `driftUsd` and `driftPct` are null with `driftReason`
 * `lookup_failed`: `actualUsd` then covers only the buckets gathered.
 */
export async function reconcileOpenAICost(
  options: ReconcileOpenAICostOptions,
): Promise<OpenAICostReconciliation> {
  const { attributedUsd, ...fetchOptions } = costOptionsOf(options) as ReconcileOpenAICostOptions;
  const { data: buckets, error } = await safeFetchOpenAICostBuckets(fetchOptions);
  return {
    vendor: "openai",
    ...reconcileTotals(buckets, attributedUsd, error !== null),
    buckets,
    windowStart: fetchOptions.startTime,
    windowEnd: fetchOptions.endTime ?? null,
  };
}
