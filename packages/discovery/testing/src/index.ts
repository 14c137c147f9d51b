export {
  type DiscoveryFakes,
  type DiscoveryFakesOptions,
  startDiscoveryFakes,
} from "./start-discovery-fakes.js";
export {
  type AimlapiModelEntry,
  type AimlapiModelList,
  aimlapiCapture,
  aimlapiCapturePath,
  type FakeAimlapi,
  type FakeAimlapiOptions,
  startFakeAimlapi,
} from "./start-fake-aimlapi.js";
export {
  defaultCloudBillingSkus,
  type FakeBillingMoney,
  type FakeBillingPricingInfo,
  type FakeBillingRate,
  type FakeBillingSku,
  type FakeBillingSkuOptions,
  type FakeBillingTieredRate,
  type FakeCloudBilling,
  type FakeCloudBillingOptions,
  fakeBillingSku,
  startFakeCloudBilling,
} from "./start-fake-cloud-billing.js";
export {
  deepSeekBalanceDocExample,
  type FakeDeepSeekBalanceOptions,
  startFakeDeepSeekBalance,
} from "./start-fake-deepseek-balance.js";
export {
  type FakeOpenAICostBucket,
  type FakeOpenAICostsOptions,
  type MakeOpenAICostBucketsOptions,
  makeOpenAICostBuckets,
  openAICostsPageToken,
  openAICostsSpecExample,
  startFakeOpenAICosts,
} from "./start-fake-openai-costs.js";
export {
  defaultOpenAIProtocolModels,
  type FakeOpenAIModels,
  type FakeOpenAIModelsOptions,
  type OpenAIProtocolVendor,
  startFakeOpenAIModels,
} from "./start-fake-openai-models.js";
export {
  type FakeHandler,
  type FakeResponse,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from "./start-fake-server.js";
export {
  type FakeXaiGroup,
  type FakeXaiUsageOptions,
  makeXaiUsageGroups,
  startFakeXaiUsage,
} from "./start-fake-xai-usage.js";
