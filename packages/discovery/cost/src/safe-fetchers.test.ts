import { DiscoveryError } from "@discovery/core";
import { type FakeServer, startFakeServer } from "@discovery/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordingLogger } from "../test/capture.js";
import { safeFetchDeepSeekBalance } from "./fetch-deepseek-balance.js";
import { safeFetchOpenAICostBuckets } from "./fetch-openai-cost-buckets.js";
import { safeFetchXaiCostBuckets } from "./fetch-xai-cost-buckets.js";

const KEY = "sk-test-safe-fetchers-0123456789";
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer(() => ({ json: {} }));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const silent = { warn() {} };
const openai = () => ({
  startTime: 1_730_419_200,
  adminKey: KEY,
  baseUrl: server.url,
  logger: silent,
});
const xai = () => ({
  startTime: "2026-05-01",
  endTime: "2026-05-02",
  managementKey: KEY,
  teamId: "team",
  baseUrl: server.url,
  logger: silent,
});

describe("the safe* cost lookups", () => {
  it("tell an empty answer from a failed one", async () => {
    server.enqueue({ json: { data: [], has_more: false } });
    expect(await safeFetchOpenAICostBuckets(openai())).toEqual({ data: [], error: null });
    server.enqueue({ status: 503, json: {} });
    const failed = await safeFetchOpenAICostBuckets(openai());
    expect(failed.data).toEqual([]);
    expect(failed.error).toBeInstanceOf(DiscoveryError);
    expect(failed.error).toMatchObject({ code: "http_error", status: 503 });
  });

  it("keep the buckets gathered before a failing page, with the page's error", async () => {
    const bucket = { start_time: 1, end_time: 2, results: [] };
    server.enqueue({ json: { data: [bucket], has_more: true, next_page: "p2" } });
    server.enqueue({ json: { data: "not an array" } });
    const { data, error } = await safeFetchOpenAICostBuckets(openai());
    expect(data).toHaveLength(1);
    expect(error).toMatchObject({ code: "invalid_shape" });
    expect(error?.message).toMatch(/OpenAI costs page 2: unexpected response shape at data/);
  });

  it.each([
    [
      "DeepSeek balance",
      () => safeFetchDeepSeekBalance({ apiKey: " ", baseUrl: server.url, logger: silent }),
      null,
    ],
    ["OpenAI costs", () => safeFetchOpenAICostBuckets({ ...openai(), adminKey: "" }), []],
    ["xAI usage", () => safeFetchXaiCostBuckets({ ...xai(), teamId: "" }), []],
  ])("report a missing credential of %s as missing_credential", async (_, call, empty) => {
    const saved = { ...process.env };
    for (const name of [
      "DEEPSEEK_API_KEY",
      "OPENAI_ADMIN_KEY",
      "XAI_TEAM_ID",
      "XAI_MANAGEMENT_KEY",
    ]) {
      delete process.env[name];
    }
    process.env.DEEPSEEK_LEGACY_ENV_PATH = "/nonexistent/deepseek.env";
    try {
      const result = await call();
      expect(result.data).toEqual(empty);
      expect(result.error?.code).toBe("missing_credential");
      expect(server.requests).toHaveLength(0);
    } finally {
      process.env = saved;
    }
  });

  it("report an invalid option as invalid_argument naming the field", async () => {
    const { data, error } = await safeFetchXaiCostBuckets({ ...xai(), timezone: "Mars/Olympus" });
    expect(data).toEqual([]);
    expect(error).toMatchObject({ code: "invalid_argument" });
    expect(error?.message).toContain("timezone");
  });

  it("log a failure once, as the plain lookups do", async () => {
    server.enqueue({ status: 401, json: {} });
    const logger = recordingLogger();
    const { error } = await safeFetchDeepSeekBalance({ apiKey: KEY, baseUrl: server.url, logger });
    expect(error?.code).toBe("http_error");
    expect(logger.lines).toEqual([expect.stringMatching(/HTTP 401; returning null$/)]);
  });

  it("return data and a null error on success", async () => {
    server.enqueue({ json: { is_available: true, balance_infos: [] } });
    const { data, error } = await safeFetchDeepSeekBalance({
      apiKey: KEY,
      baseUrl: server.url,
      logger: silent,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ totalBalance: 0, currency: "USD", isAvailable: true });
  });
});
