import { startFakeAimlapi } from "./start-fake-aimlapi.js";
import { startFakeCloudBilling } from "./start-fake-cloud-billing.js";
import { startFakeDeepSeekBalance } from "./start-fake-deepseek-balance.js";
import { makeOpenAICostBuckets, startFakeOpenAICosts } from "./start-fake-openai-costs.js";
import { startFakeOpenAIModels } from "./start-fake-openai-models.js";
import type { FakeServer } from "./start-fake-server.js";
import { startFakeXaiUsage } from "./start-fake-xai-usage.js";

/** Every fake vendor server, started together for an offline trial of the `discovery` CLI. */
export interface DiscoveryFakes {
  /**
   * The environment that points the CLI at the fakes: one address variable per
   * fake service and the keys the fakes accept, in a stable order.
   */
  readonly env: Readonly<Record<string, string>>;
  /** Stops every server. */
  close(): Promise<void>;
}

/** Options of {@link startDiscoveryFakes}. */
export interface DiscoveryFakesOptions {
  /** Days of cost data the OpenAI and xAI fakes hold, ending today (UTC). Default 35. */
  days?: number;
  /** The clock that places the cost data. Default `Date.now()`. */
  now?: number;
}

const DAY_SECONDS = 86_400;
const XAI_TEAM_ID = "team-fake-0001";
const XAI_MANAGEMENT_KEY = "fake-xai-management-key";
const OPENAI_ADMIN_KEY = "sk-admin-fake-openai-key";

/**
 * Starts the fake AIMLAPI catalog (the 440-entry capture), the OpenAI, DeepSeek
 * and xAI model lists, the Cloud Billing catalog, the DeepSeek balance, OpenAI
 * organization costs and xAI billing usage on 127.0.0.1. The cost fakes hold
 * `days` days of non-zero spend ending today, so `discovery cost openai --since 7d`
 * shows money. Close it when done.
 */
export async function startDiscoveryFakes(
  options: DiscoveryFakesOptions = {},
): Promise<DiscoveryFakes> {
  const days = options.days ?? 35;
  const today = Math.floor((options.now ?? Date.now()) / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const servers: FakeServer[] = [];
  const started = async <T extends FakeServer>(server: Promise<T>): Promise<T> => {
    const running = await server;
    servers.push(running);
    return running;
  };
  try {
    const aimlapi = await started(startFakeAimlapi());
    const lists = await started(startFakeOpenAIModels());
    const billing = await started(startFakeCloudBilling());
    const balance = await started(startFakeDeepSeekBalance({ apiKey: lists.keys.deepseek }));
    const costs = await started(
      startFakeOpenAICosts({
        adminKey: OPENAI_ADMIN_KEY,
        buckets: makeOpenAICostBuckets({
          count: days,
          startTime: today - (days - 1) * DAY_SECONDS,
        }),
      }),
    );
    const usage = await started(
      startFakeXaiUsage({
        managementKey: XAI_MANAGEMENT_KEY,
        teamId: XAI_TEAM_ID,
        groups: xaiGroups(days),
      }),
    );
    const env = {
      DISCOVERY_AIMLAPI_URL: aimlapi.url,
      // The CLI adds `/v1` to the OpenAI and xAI list addresses, as their real APIs have it.
      DISCOVERY_OPENAI_URL: lists.baseUrls.openai.replace(/\/v1$/, ""),
      DISCOVERY_DEEPSEEK_URL: lists.baseUrls.deepseek,
      DISCOVERY_XAI_URL: lists.baseUrls.xai.replace(/\/v1$/, ""),
      DISCOVERY_BILLING_URL: billing.url,
      DISCOVERY_DEEPSEEK_BALANCE_URL: balance.url,
      DISCOVERY_OPENAI_COSTS_URL: costs.url,
      DISCOVERY_XAI_MGMT_URL: usage.url,
      OPENAI_API_KEY: lists.keys.openai,
      DEEPSEEK_API_KEY: lists.keys.deepseek,
      XAI_API_KEY: lists.keys.xai,
      GOOGLE_CLOUD_BILLING_API_KEY: billing.apiKey,
      OPENAI_ADMIN_KEY,
      XAI_MANAGEMENT_KEY,
      XAI_TEAM_ID,
    };
    return { env: Object.freeze(env), close: () => closeAll(servers) };
  } catch (error) {
    await closeAll(servers);
    throw error;
  }
}

/** Two models with a different, non-zero spend every day. */
function xaiGroups(days: number) {
  return [
    {
      label: "Chat grok-4-fast-reasoning",
      usd: Array.from({ length: days }, (_, i) => 0.1 + (i % 7) * 0.05),
    },
    {
      label: "Chat grok-3-mini",
      usd: Array.from({ length: days }, (_, i) => 0.02 * (1 + (i % 3))),
    },
  ];
}

async function closeAll(servers: readonly FakeServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}
