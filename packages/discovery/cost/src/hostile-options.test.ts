import { type FakeServer, startFakeServer } from "@discovery/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { expectKeyNowhere, recordingLogger } from "../test/capture.js";
import {
  type FetchDeepSeekBalanceOptions,
  fetchDeepSeekBalance,
} from "./fetch-deepseek-balance.js";
import {
  type FetchOpenAICostBucketsOptions,
  fetchOpenAICostBuckets,
} from "./fetch-openai-cost-buckets.js";
import { type FetchXaiCostBucketsOptions, fetchXaiCostBuckets } from "./fetch-xai-cost-buckets.js";
import { type ReconcileOpenAICostOptions, reconcileOpenAICost } from "./reconcile-openai-cost.js";
import { type ReconcileXaiCostOptions, reconcileXaiCost } from "./reconcile-xai-cost.js";

// Plain JavaScript callers can pass anything: every lookup resolves, never throws or rejects.
const KEY_VARIABLES = [
  "DEEPSEEK_API_KEY",
  "OPENAI_ADMIN_KEY",
  "XAI_MANAGEMENT_KEY",
  "XAI_TEAM_ID",
  "DEEPSEEK_LEGACY_ENV_PATH",
];
const ADMIN_KEY = "sk-admin-echo-0123456789abcdefghij";
const DEEPSEEK_KEY = "sk-echo-0123456789abcdef0123456789";
const MANAGEMENT_KEY = "xai-mgmt-echo-0123456789abcdefghij";

let echo: FakeServer;

beforeAll(async () => {
  // A vendor that echoes the bearer key into every field a result keeps raw.
  echo = await startFakeServer((request) => {
    const key = (request.headers["authorization"] ?? "").replace(/^Bearer /, "");
    if (request.path === "/user/balance") {
      return { json: { is_available: true, balance_infos: [], note: `key ${key}` } };
    }
    if (request.path === "/v1/organization/costs") {
      return {
        json: {
          data: [
            {
              start_time: 1,
              end_time: 2,
              results: [
                {
                  object: "organization.costs.result",
                  amount: { value: 1, currency: "usd" },
                  line_item: `line ${key}`,
                  project_id: key,
                  api_key_id: null,
                },
              ],
            },
          ],
          has_more: false,
        },
      };
    }
    return {
      json: {
        timeSeries: [
          {
            group: [key],
            groupLabels: [`Chat ${key}`],
            dataPoints: [{ timestamp: "2026-05-01T00:00:00Z", values: [1] }],
          },
        ],
      },
    };
  });
});
afterAll(async () => {
  await echo.close();
});
beforeEach(() => {
  for (const name of KEY_VARIABLES) vi.stubEnv(name, "");
  vi.stubEnv("DEEPSEEK_LEGACY_ENV_PATH", "/nonexistent/deepseek/.env");
  // Options that cannot point at a fake must still never leave the machine.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("unavailable", { status: 503 })),
  );
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("cost lookups with options of the wrong type", () => {
  it.each([undefined, null, 5, "x"])("resolve with options %j", async (options) => {
    await expect(
      fetchDeepSeekBalance(options as unknown as FetchDeepSeekBalanceOptions),
    ).resolves.toBeNull();
    await expect(
      fetchOpenAICostBuckets(options as unknown as FetchOpenAICostBucketsOptions),
    ).resolves.toEqual([]);
    await expect(
      fetchXaiCostBuckets(options as unknown as FetchXaiCostBucketsOptions),
    ).resolves.toEqual([]);
    await expect(
      reconcileOpenAICost(options as unknown as ReconcileOpenAICostOptions),
    ).resolves.toMatchObject({ vendor: "openai", actualUsd: 0, buckets: [], driftUsd: null });
    await expect(
      reconcileXaiCost(options as unknown as ReconcileXaiCostOptions),
    ).resolves.toMatchObject({ vendor: "xai", actualUsd: 0, buckets: [], driftUsd: null });
  });

  it.each([5, {}, { warn: "no" }])("report to the console for logger %j", async (logger) => {
    const given = { logger } as unknown as FetchOpenAICostBucketsOptions;
    await expect(fetchDeepSeekBalance(given)).resolves.toBeNull();
    await expect(fetchOpenAICostBuckets({ ...given, startTime: 1 })).resolves.toEqual([]);
    await expect(
      fetchXaiCostBuckets({ ...given, startTime: "2026-05-01", endTime: "2026-05-02" }),
    ).resolves.toEqual([]);
    expect(console.warn).toHaveBeenCalledTimes(3);
  });

  it("do not throw when the logger itself throws", async () => {
    const logger = {
      warn() {
        throw new Error("broken logger");
      },
    };
    await expect(fetchDeepSeekBalance({ logger })).resolves.toBeNull();
    await expect(fetchOpenAICostBuckets({ startTime: 1, logger })).resolves.toEqual([]);
    await expect(
      fetchXaiCostBuckets({ startTime: "2026-05-01", endTime: "2026-05-02", logger }),
    ).resolves.toEqual([]);
  });

  it("gives [] for a team id that cannot be put in a URL", async () => {
    const logger = recordingLogger();
    const buckets = await fetchXaiCostBuckets({
      startTime: "2026-05-01",
      endTime: "2026-05-02",
      managementKey: MANAGEMENT_KEY,
      teamId: "team-\uD800",
      baseUrl: echo.url,
      logger,
    });
    expect(buckets).toEqual([]);
    expect(logger.lines).toHaveLength(1);
    expectKeyNowhere(MANAGEMENT_KEY, logger.lines, buckets);
  });
});

describe("keys a vendor echoes", () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it("never reach the DeepSeek balance's raw body", async () => {
    const logger = recordingLogger();
    const balance = await fetchDeepSeekBalance({ apiKey: DEEPSEEK_KEY, baseUrl: echo.url, logger });
    expect(balance?.raw).toEqual({ is_available: true, balance_infos: [], note: "key [REDACTED]" });
    expectKeyNowhere(DEEPSEEK_KEY, logger.lines, balance);
  });

  it("never reach OpenAI buckets, their breakdowns or raw results", async () => {
    const logger = recordingLogger();
    const buckets = await fetchOpenAICostBuckets({
      startTime: 1,
      adminKey: ADMIN_KEY,
      baseUrl: echo.url,
      logger,
    });
    expect(buckets[0]?.projectBreakdown).toEqual({ "[REDACTED]": 1 });
    expectKeyNowhere(ADMIN_KEY, logger.lines, buckets);
  });

  it("never reach xAI buckets, their line items or raw buckets", async () => {
    const logger = recordingLogger();
    const buckets = await fetchXaiCostBuckets({
      startTime: "2026-05-01",
      endTime: "2026-05-02",
      managementKey: MANAGEMENT_KEY,
      teamId: "team-1",
      baseUrl: echo.url,
      logger,
    });
    expect(buckets[0]?.lineItems).toEqual([{ description: "Chat [REDACTED]", usd: 1 }]);
    expectKeyNowhere(MANAGEMENT_KEY, logger.lines, buckets);
  });
});
