export type { CostReconciliation, DriftReason } from "./cost-reconciliation.js";
export type { CostRequestOptions } from "./cost-request-options.js";
export {
  type DeepSeekBalance,
  type FetchDeepSeekBalanceOptions,
  fetchDeepSeekBalance,
  safeFetchDeepSeekBalance,
} from "./fetch-deepseek-balance.js";
export {
  type FetchOpenAICostBucketsOptions,
  fetchOpenAICostBuckets,
  OPENAI_COST_GROUP_BY,
  type OpenAICostBucket,
  type OpenAICostGroupBy,
  safeFetchOpenAICostBuckets,
} from "./fetch-openai-cost-buckets.js";
export {
  type FetchXaiCostBucketsOptions,
  fetchXaiCostBuckets,
  safeFetchXaiCostBuckets,
  XAI_TIME_UNITS,
  type XaiCostBucket,
  type XaiCostLineItem,
  type XaiRawBucket,
  type XaiTimeUnit,
} from "./fetch-xai-cost-buckets.js";
export {
  type OpenAICostReconciliation,
  type ReconcileOpenAICostOptions,
  reconcileOpenAICost,
} from "./reconcile-openai-cost.js";
export {
  type ReconcileXaiCostOptions,
  reconcileXaiCost,
  type XaiCostReconciliation,
} from "./reconcile-xai-cost.js";
export { toXaiTime } from "./to-xai-time.js";
