import { type AddressInfo, createServer } from "node:net";
import {
  type FakeAimlapi,
  type FakeCloudBilling,
  type FakeOpenAIModels,
  type FakeServer,
  makeOpenAICostBuckets,
  startFakeAimlapi,
  startFakeCloudBilling,
  startFakeDeepSeekBalance,
  startFakeOpenAICosts,
  startFakeOpenAIModels,
  startFakeXaiUsage,
} from "@discovery/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, runCli } from "./run-cli.js";

const DAY = 86_400;
const OPENAI_ADMIN_KEY = "sk-admin-fake-openai-key";
const DEEPSEEK_KEY = "sk-fake-deepseek-key";
const XAI_MANAGEMENT_KEY = "fake-xai-management-key";
const XAI_TEAM_ID = "team-fake-0001";
const BILLING_KEY = "fake-cloud-billing-key";

let aimlapi: FakeAimlapi;
let emptyAimlapi: FakeAimlapi;
let vendorModels: FakeOpenAIModels;
let billing: FakeCloudBilling;
let deepseek: FakeServer;
let openaiCosts: FakeServer;
let xaiUsage: FakeServer;
let firstBucket: number;

/** Every vendor address pointed at the fakes, plus `extra` (keys). */
function env(extra: Record<string, string> = {}): Record<string, string> {
  return baseEnv({
    DISCOVERY_AIMLAPI_URL: aimlapi.url,
    DISCOVERY_BILLING_URL: billing.url,
    DISCOVERY_DEEPSEEK_URL: deepseek.url,
    DISCOVERY_OPENAI_URL: openaiCosts.url,
    DISCOVERY_XAI_MGMT_URL: xaiUsage.url,
    ...extra,
  });
}

/** A loopback port nothing listens on: one the system gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function json(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  firstBucket = (Math.floor(Date.now() / 1000 / DAY) - 5) * DAY;
  [aimlapi, emptyAimlapi, vendorModels, billing, deepseek, openaiCosts, xaiUsage] =
    await Promise.all([
      startFakeAimlapi(),
      startFakeAimlapi({ models: [] }),
      startFakeOpenAIModels(),
      startFakeCloudBilling(),
      startFakeDeepSeekBalance(),
      startFakeOpenAICosts({
        buckets: makeOpenAICostBuckets({ count: 3, startTime: firstBucket }),
      }),
      startFakeXaiUsage(),
    ]);
});

afterAll(async () => {
  await Promise.all(
    [aimlapi, emptyAimlapi, vendorModels, billing, deepseek, openaiCosts, xaiUsage].map((s) =>
      s?.close(),
    ),
  );
});

describe("discovery: help and usage", () => {
  it("prints help naming every command and the variables, and exits 0", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    for (const word of [
      "models",
      "model",
      "price",
      "balance",
      "cost",
      "retired",
      "OPENAI_ADMIN_KEY",
      "DISCOVERY_AIMLAPI_URL",
    ]) {
      expect(run.stdout).toContain(word);
    }
  });

  it.each([
    [["frobnicate"]],
    [[]],
    [["cost", "openai"]],
    [["cost", "anthropic", "--since", "7d"]],
    [["cost", "openai", "--since", "yesterday"]],
    [["cost", "openai", "--since", "7d", "--attributed", "-3"]],
    [["cost", "openai", "--since", "7d", "--group-by", "model"]],
    [["cost", "openai", "--since", "2026-05-03", "--until", "2026-05-01"]],
    [["cost", "xai", "--since", "2026-05-03", "--until", "2026-05-03"]],
    [["balance", "openai"]],
    [["price", "gemini", "2.5 pro", "--direction", "sideways"]],
    [["retired", "xai"]],
    [["retired"]],
    [["retired", "--upcoming", "soon"]],
    [["retired", "xai", "grok-4", "--upcoming", "90d"]],
    [["check"]],
    [["check", "grok-4", "--within", "-3d"]],
    [["check", "grok-4", "--scope", "moon"]],
    [["retired", "xai", "grok-4", "--today", "2026-02-30"]],
    [["models", "--base-url", "not a url"]],
  ])("exits 2 on the usage error %j", async (args) => {
    const run = await runCli(args, { env: env() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).not.toBe("");
  });
});

describe("discovery models and model", () => {
  it("lists the catalog for a provider as an aligned table and as JSON", async () => {
    const table = await runCli(["models", "--provider", "xai"], { env: env() });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+DEVELOPER\s+TYPE\s+CONTEXT\s+MAX OUT\s+SOURCE$/);
    // The vendor's own spelling for people; JSON keeps the catalog's label.
    expect(lines.slice(1).every((line) => /\bxAI\b/.test(line))).toBe(true);
    expect(table.stdout).not.toContain("X AI");

    const asJson = await runCli(["models", "--provider", "grok", "--json"], { env: env() });
    const { models } = json(asJson.stdout) as {
      models: { id: string; developer: string; source: string }[];
    };
    expect(models.length).toBe(lines.length - 1);
    expect(models[0]).toEqual(
      expect.objectContaining({ developer: "X AI", source: "aimlapi", aliases: [], tags: [] }),
    );
  });

  it("exits 1 with a hint naming the keys when the catalog is empty and no fallback key is set", async () => {
    const run = await runCli(["models", "--json"], {
      env: env({ DISCOVERY_AIMLAPI_URL: emptyAimlapi.url }),
    });
    expect(run.code).toBe(1);
    expect(json(run.stdout)).toEqual({ models: [] });
    // With --json the error is one JSON object (the last stderr line, after the warning).
    const error = JSON.parse(run.stderr.trimEnd().split("\n").at(-1) ?? "");
    expect(error).toEqual({
      error: {
        code: "failed",
        message: "no models found",
        hint: expect.stringContaining("XAI_API_KEY"),
      },
    });
  });

  it.each([
    ["openai", "OPENAI_API_KEY"],
    ["deepseek", "DEEPSEEK_API_KEY"],
    ["grok", "XAI_API_KEY"],
  ])(
    "exits 1 with a hint naming the key of %s when the catalog is empty and that key is missing",
    async (provider, variable) => {
      const run = await runCli(["models", "--provider", provider], {
        env: env({ DISCOVERY_AIMLAPI_URL: emptyAimlapi.url }),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`hint: .*${variable}`));
    },
  );

  it("falls back to a vendor's own model list when its key is set", async () => {
    const run = await runCli(["models", "--provider", "xai", "--json"], {
      env: env({
        DISCOVERY_AIMLAPI_URL: emptyAimlapi.url,
        DISCOVERY_XAI_URL: vendorModels.baseUrls.xai.replace(/\/v1$/, ""),
        XAI_API_KEY: vendorModels.keys.xai,
      }),
    });
    expect(run.code).toBe(0);
    const { models } = json(run.stdout) as { models: { source: string; developer: string }[] };
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.source === "xai" && m.developer === "X AI")).toBe(true);
    expect(run.stdout + run.stderr).not.toContain(vendorModels.keys.xai);
  });

  it("shows a model with its retirement status", async () => {
    const run = await runCli(["model", "x-ai/grok-4-07-09", "--json"], { env: env() });
    expect(run.code).toBe(0);
    const report = json(run.stdout);
    expect(report).toMatchObject({
      id: "x-ai/grok-4-07-09",
      provider: "xai",
      model: { developer: "X AI" },
      prices: [],
    });
    const retirement = report["retirement"] as { date: string | null };
    expect(retirement.date).toBe("2026-05-15");
  });

  it("shows an Anthropic model with its table price", async () => {
    const run = await runCli(["model", "claude-opus-4-5-20251101"], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /claude-opus-4-5-20251101\s+5\.00\s+6\.25\s+10\.00\s+0\.50\s+25\.00/,
    );
  });

  it("exits 1 for a model the catalog does not know", async () => {
    const run = await runCli(["model", "no-such-model-xyz", "--json"], { env: env() });
    expect(run.code).toBe(1);
    expect(json(run.stdout)).toMatchObject({ model: null, provider: null });
    expect(run.stderr).toContain("not in the catalog");
  });

  it("suggests the catalog's spelling of a missed id", async () => {
    const run = await runCli(["model", "gpt-4o", "--provider", "mistral"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/did you mean 'openai\/gpt-4o'/);
  });

  it("points a priced id the catalog lacks to the catalog's spelling", async () => {
    const run = await runCli(["model", "gpt-4o"], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/gpt-4o: not in the catalog \(did you mean 'openai\/gpt-4o'/);
    expect(run.stdout).toMatch(/input 2\.50, output 10\.00/);
  });

  it("shows a priced model the catalog lacks once, with exit 0", async () => {
    const run = await runCli(["model", "claude-opus-4-7"], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout.match(/not in the catalog/g)).toHaveLength(1);
    expect(run.stdout).toMatch(/input 5\.00, output 25\.00, cache read 0\.50/);
    expect(run.stderr).toBe("");
    const asJson = json(
      (await runCli(["model", "claude-opus-4-7", "--json"], { env: env() })).stdout,
    );
    expect(asJson).toMatchObject({
      model: null,
      priceStatus: "priced",
      price: { model: "claude-opus-4-7" },
    });
  });

  it("matches a catalog id to its list price across spellings", async () => {
    const run = await runCli(["model", "claude-3-5-haiku-20241022", "--json"], { env: env() });
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({
      provider: "anthropic",
      price: { model: "claude-haiku-3-5", input: 0.8 },
      priceStatus: "priced",
    });
  });
});

describe("discovery models --prices", () => {
  it("joins the catalog, list prices and retirement with a tri-state price column", async () => {
    const run = await runCli(["models", "--prices", "--json"], { env: env() });
    expect(run.code).toBe(0);
    const { models } = json(run.stdout) as {
      models: {
        model: { id: string };
        priceStatus: string;
        price: { model: string } | null;
        retirementDate: string | null;
      }[];
    };
    expect(models).toHaveLength(440);
    const byId = new Map(models.map((row) => [row.model.id, row]));
    expect(byId.get("claude-3-5-haiku-20241022")).toMatchObject({
      priceStatus: "priced",
      price: { model: "claude-haiku-3-5" },
    });
    expect(byId.get("x-ai/grok-4-07-09")).toMatchObject({
      price: { model: "grok-4-0709" },
      retirementDate: "2026-05-15",
    });
    expect(byId.get("gpt-4o-2024-05-13")).toMatchObject({ priceStatus: "partial" });
    expect(byId.get("voyage-2")).toMatchObject({ priceStatus: "unpriced", price: null });
    const statuses = new Set(models.map((row) => row.priceStatus));
    expect([...statuses].sort()).toEqual(["partial", "priced", "unpriced"]);
  });

  it("prints the view as a table", async () => {
    const run = await runCli(["models", "--prices", "--provider", "anthropic"], { env: env() });
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^ID\s+PROVIDER\s+PRICE\s+INPUT\s+OUTPUT\s+CACHE READ\s+PRICED AS\s+RETIREMENT$/,
    );
    expect(run.stdout).toMatch(
      /claude-3-5-haiku-20241022\s+anthropic\s+priced\s+0\.80\s+4\.00\s+0\.08\s+claude-haiku-3-5/,
    );
    expect(run.stdout).toMatch(/voyage-2\s+anthropic\s+-\s+-\s+-\s+-\s+-/);
  });
});

describe("discovery cost estimate and price list", () => {
  it("estimates a request at list prices, and as JSON", async () => {
    const run = await runCli(
      [
        "cost",
        "estimate",
        "claude-opus-4-7",
        "--input",
        "1000000",
        "--output",
        "100000",
        "--cache-read",
        "200000",
      ],
      { env: env() },
    );
    expect(run.code).toBe(0);
    // 1M x 5.00 + 100k x 25.00 + 200k x 0.50 per million.
    expect(run.stdout).toMatch(/total\s+7\.60/);
    const asJson = await runCli(
      ["cost", "estimate", "openai/gpt-5.4", "--input", "300000", "--output", "0", "--json"],
      { env: env() },
    );
    expect(json(asJson.stdout)).toMatchObject({
      provider: "openai",
      estimate: { tier: 271999, inputUsd: 1.5, price: { model: "gpt-5.4" } },
    });
  });

  it.each([
    [["cost", "estimate", "gpt-future-9", "--input", "1", "--output", "1"], 1, /no list price/],
    [["cost", "estimate", "some-model", "--input", "1", "--output", "1"], 1, /--provider/],
    [["cost", "estimate", "gpt-4o", "--input", "-1", "--output", "1"], 2, /token count/],
    [["cost", "estimate", "gpt-4o", "--input", "1"], 2, /--output/],
  ])("exits as it should for %j", async (args, code, message) => {
    const run = await runCli(args, { env: env() });
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
  });

  it("charges and shows the long-context prices of Claude Sonnet 4.5 above 200K input tokens", async () => {
    const run = await runCli(
      ["cost", "estimate", "claude-sonnet-4-5", "--input", "250000", "--output", "10000"],
      { env: env() },
    );
    expect(run.stdout).toContain("long context (input over 200,000 tokens)");
    expect(run.stdout).toContain("input 6.00, output 22.50");
    // 250k x 6.00 + 10k x 22.50 per million.
    expect(run.stdout).toMatch(/total\s+1\.73/);
  });

  it("prints exact money and the data's age in JSON", async () => {
    const run = await runCli(
      ["cost", "estimate", "claude-haiku-4-5", "--input", "100000", "--output", "40000", "--json"],
      { env: env() },
    );
    expect(run.stdout).toContain('"totalUsd":0.3,');
    const report = json(run.stdout) as { dataAgeDays: number; estimate: { verifiedAt: string } };
    expect(report.estimate.verifiedAt).toBe("2026-05-09");
    expect(report.dataAgeDays).toBeGreaterThan(100);
  });

  it("suggests priced ids close to an unpriced one", async () => {
    const run = await runCli(
      ["cost", "estimate", "claude-opus-9", "--input", "1", "--output", "1"],
      {
        env: env(),
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/did you mean 'claude-opus-/);
  });

  it("marks a price a second dataset disagrees with", async () => {
    const run = await runCli(["price", "list", "--provider", "deepseek"], { env: env() });
    expect(run.stdout).toMatch(/deepseek-chat .*! 0\.57\/1\.68 \(models\.dev\)/);
  });

  it("lists one vendor's prices with source dates, and refuses an unknown vendor", async () => {
    const run = await runCli(["price", "list", "--provider", "grok", "--json"], { env: env() });
    const { prices } = json(run.stdout) as { prices: { provider: string }[] };
    expect(prices.length).toBeGreaterThan(5);
    expect(prices.every((row) => row.provider === "xai")).toBe(true);
    const { dataset } = json(run.stdout) as { dataset: { version: string; ageDays: number } };
    expect(dataset.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dataset.ageDays).toBeGreaterThan(0);
    expect((await runCli(["price", "list", "--provider", "mistral"], { env: env() })).code).toBe(1);
  });
});

describe("discovery price", () => {
  it("prints an Anthropic row, the whole table, and exits 1 for an unknown id", async () => {
    const one = await runCli(["price", "anthropic", "claude-haiku-3", "--json"], { env: env() });
    expect(one.code).toBe(0);
    expect(json(one.stdout)).toMatchObject({
      price: {
        modelHint: "claude-haiku-3",
        inputPerMtok: 0.25,
        cacheWrite5mPerMtok: 0.3,
        cacheHitPerMtok: 0.03,
        outputPerMtok: 1.25,
      },
    });
    const all = await runCli(["price", "anthropic", "--json"], { env: env() });
    expect((json(all.stdout)["prices"] as unknown[]).length).toBe(19);
    const missing = await runCli(["price", "anthropic", "Claude-Opus-4-7"], { env: env() });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
  });

  it("looks up a Gemini price by hint, direction and tier", async () => {
    const run = await runCli(
      ["price", "gemini", "3.0 pro", "--direction", "input", "--long", "--json"],
      {
        env: env({ GOOGLE_CLOUD_BILLING_API_KEY: BILLING_KEY }),
      },
    );
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toEqual({
      price: expect.objectContaining({
        direction: "input",
        tierThresholdTokens: 128_000,
        usdPerUnit: 0.000004,
        usageUnit: "count",
        usdPerMillionTokens: 4,
        skuId: "E0A5-FB5D-79F4",
      }),
    });
    expect(run.stdout).not.toContain(BILLING_KEY);
  });

  it("exits 1 with a hint naming GOOGLE_CLOUD_BILLING_API_KEY when no key is set", async () => {
    billing.reset();
    const run = await runCli(["price", "gemini", "2.5 pro"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hint: .*GOOGLE_CLOUD_BILLING_API_KEY/);
    expect(billing.requests).toHaveLength(0);
  });

  it("exits 1 when no price matches, and when the key is refused", async () => {
    const none = await runCli(["price", "gemini", "ultra 9"], {
      env: env({ GOOGLE_CLOUD_BILLING_API_KEY: BILLING_KEY }),
    });
    expect(none.code).toBe(1);
    const wrongKey = "wrong-billing-key-0000";
    const refused = await runCli(["price", "gemini", "2.5 pro"], {
      env: env({ GOOGLE_CLOUD_BILLING_API_KEY: wrongKey }),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("403");
    expect(refused.stdout + refused.stderr).not.toContain(wrongKey);
  });
});

describe("discovery balance", () => {
  it("prints the DeepSeek balance", async () => {
    const table = await runCli(["balance", "deepseek"], {
      env: env({ DEEPSEEK_API_KEY: DEEPSEEK_KEY }),
    });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/CNY\s+110\.00\s+10\.00\s+100\.00\s+yes/);
    const asJson = await runCli(["balance", "deepseek", "--json"], {
      env: env({ DEEPSEEK_API_KEY: DEEPSEEK_KEY }),
    });
    expect(json(asJson.stdout)).toMatchObject({
      balance: {
        totalBalance: 110,
        grantedBalance: 10,
        toppedUpBalance: 100,
        currency: "CNY",
        isAvailable: true,
      },
    });
    expect(asJson.stdout).not.toContain(DEEPSEEK_KEY);
  });

  it("exits 1 with a hint naming DEEPSEEK_API_KEY without a key, and without a request", async () => {
    deepseek.reset();
    const run = await runCli(["balance", "deepseek"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hint: .*DEEPSEEK_API_KEY/);
    expect(deepseek.requests).toHaveLength(0);
  });

  it("exits 1 for a refused key without printing it", async () => {
    const wrongKey = "sk-wrong-deepseek-key-9876";
    const run = await runCli(["balance", "deepseek"], { env: env({ DEEPSEEK_API_KEY: wrongKey }) });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toContain(wrongKey);
  });
});

describe("discovery cost", () => {
  it("reconciles OpenAI costs with the attributed total", async () => {
    const run = await runCli(
      ["cost", "openai", "--since", "7d", "--attributed", "0.12", "--json"],
      {
        env: env({ OPENAI_ADMIN_KEY }),
      },
    );
    expect(run.code).toBe(0);
    const result = json(run.stdout);
    const todayMidnight = Math.floor(Date.now() / 1000 / DAY) * DAY;
    expect(result).toMatchObject({
      vendor: "openai",
      attributedUsd: 0.12,
      windowEnd: todayMidnight,
    });
    expect(result["actualUsd"]).toBeCloseTo(0.18, 10);
    expect(result["driftUsd"]).toBeCloseTo(0.06, 10);
    expect(result["driftPct"]).toBeCloseTo(50, 8);
    const buckets = result["buckets"] as { startTime: number }[];
    expect(buckets.map((b) => b.startTime)).toEqual([
      firstBucket,
      firstBucket + DAY,
      firstBucket + 2 * DAY,
    ]);
    expect(run.stdout).not.toContain(OPENAI_ADMIN_KEY);
  });

  it("asks for the last seven whole days with --since 7d: seven buckets, the last ending today", async () => {
    openaiCosts.requests.length = 0;
    const run = await runCli(["cost", "openai", "--since", "7d", "--json"], {
      env: env({ OPENAI_ADMIN_KEY }),
    });
    expect(run.code).toBe(0);
    const todayMidnight = Math.floor(Date.now() / 1000 / DAY) * DAY;
    const query = openaiCosts.requests[0]?.query;
    expect(query?.get("start_time")).toBe(String(todayMidnight - 7 * DAY));
    expect(query?.get("end_time")).toBe(String(todayMidnight));
  });

  it("prints no totals when the vendor refuses the key, only the error", async () => {
    const run = await runCli(["cost", "openai", "--since", "7d"], {
      env: env({ OPENAI_ADMIN_KEY: "sk-admin-wrong-key-000000000000" }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).not.toContain("actual");
  });

  it("says the vendor cannot be reached, not that the keys are wrong, when nothing listens", async () => {
    const port = await closedPort();
    const run = await runCli(
      ["cost", "openai", "--since", "7d", "--base-url", `http://127.0.0.1:${port}`],
      {
        env: env({ OPENAI_ADMIN_KEY }),
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/cannot reach the server \(ECONNREFUSED: connection refused/);
    expect(run.stderr).toContain("could not reach the vendor");
    expect(run.stderr).toMatch(/hint: check the network/);
    expect(run.stderr).not.toMatch(/hint: .*OPENAI_ADMIN_KEY/);
  });

  it("prints the buckets and the drift as tables", async () => {
    const run = await runCli(["cost", "openai", "--since", "7d", "--attributed", "0.12"], {
      env: env({ OPENAI_ADMIN_KEY }),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^START\s+END\s+USD\s+TOP LINE ITEMS$/m);
    expect(run.stdout).toMatch(/^drift\s+\+0\.0600 USD \(\+50\.00%\)$/m);
  });

  it("exits 1 with a hint naming OPENAI_ADMIN_KEY without a key", async () => {
    const run = await runCli(["cost", "openai", "--since", "7d"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hint: .*OPENAI_ADMIN_KEY/);
  });

  it("exits 1 when the vendor refuses the key, without printing it", async () => {
    const wrongKey = "sk-admin-wrong-key-000000000000";
    const run = await runCli(["cost", "openai", "--since", "7d"], {
      env: env({ OPENAI_ADMIN_KEY: wrongKey }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toContain(wrongKey);
    expect(run.stderr).toMatch(/hint: .*OPENAI_ADMIN_KEY/);
  });

  it("exits 1 with a hint naming the xAI variables when the vendor refuses the key", async () => {
    const wrongKey = "xai-mgmt-wrong-key-000000000000";
    const run = await runCli(["cost", "xai", "--since", "2026-05-01", "--until", "2026-05-03"], {
      env: env({ XAI_MANAGEMENT_KEY: wrongKey, XAI_TEAM_ID }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toContain(wrongKey);
    expect(run.stderr).toMatch(/hint: .*XAI_MANAGEMENT_KEY.*XAI_TEAM_ID/);
  });

  it("reconciles xAI costs over a window", async () => {
    const run = await runCli(
      [
        "cost",
        "xai",
        "--since",
        "2026-05-01",
        "--until",
        "2026-05-03",
        "--attributed",
        "0.5",
        "--json",
      ],
      {
        env: env({ XAI_MANAGEMENT_KEY, XAI_TEAM_ID }),
      },
    );
    expect(run.code).toBe(0);
    const result = json(run.stdout);
    expect(result).toMatchObject({
      vendor: "xai",
      attributedUsd: 0.5,
      windowStart: "2026-05-01T00:00:00Z",
      windowEnd: "2026-05-03T00:00:00Z",
    });
    expect(result["actualUsd"]).toBeCloseTo(0.75, 10);
    expect(result["driftPct"]).toBeCloseTo(50, 8);
  });

  it("exits 1 with a hint naming XAI_TEAM_ID when only the management key is set", async () => {
    const run = await runCli(["cost", "xai", "--since", "7d"], {
      env: env({ XAI_MANAGEMENT_KEY }),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hint: .*XAI_TEAM_ID/);
    expect(run.stderr).not.toContain(XAI_MANAGEMENT_KEY);
  });
});

describe("discovery retired", () => {
  it.each([
    [["xai", "grok-4"], 0, "retired since 2026-05-15"],
    [["grok", "x-ai/grok-code-fast-1"], 0, "retired since 2026-05-15"],
    [["xai", "grok-4", "--today", "2026-05-14"], 0, "retires on 2026-05-15"],
    [["claude", "claude-opus-3"], 0, "deprecated"],
    [["xai", "grok-4-0709"], 0, "retired since 2026-05-15"],
    [["grok", "x-ai/grok-4-07-09"], 0, "retired since 2026-05-15"],
    [["openai", "gpt-4-32k"], 0, "retired since 2025-06-06; use gpt-4o"],
    [["openai", "gpt-4o"], 0, "status unknown"],
  ])("answers %j with exit %i", async (args, code, text) => {
    const run = await runCli(["retired", ...args], { env: env() });
    expect(run.code).toBe(code);
    expect(run.stdout).toContain(text);
  });

  it("exits 1 only when it cannot answer: a vendor it does not know", async () => {
    const run = await runCli(["retired", "mistral", "mistral-large"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("unknown vendor 'mistral'");
  });

  it("gives a stable JSON shape", async () => {
    const run = await runCli(
      ["retired", "anthropic", "claude-sonnet-3-7", "--today", "2026-06-01", "--json"],
      { env: env() },
    );
    expect(json(run.stdout)).toMatchObject({
      provider: "anthropic",
      model: "claude-sonnet-3-7",
      date: "deprecated",
      retired: false,
      deprecated: true,
      status: "retired",
      lifecycle: { model: "claude-3-7-sonnet-20250219", shutdownAt: "2026-02-19" },
      today: "2026-06-01",
    });
  });

  it("answers the same for every spelling of one model", async () => {
    const answers = [];
    for (const [provider, id] of [
      ["xai", "grok-4-0709"],
      ["grok", "x-ai/grok-4-07-09"],
      ["xai", "grok-4"],
    ] as const) {
      const run = await runCli(["retired", provider, id, "--today", "2026-06-01", "--json"], {
        env: env(),
      });
      const report = json(run.stdout);
      answers.push([report["date"], report["retired"], report["status"]]);
    }
    expect(answers).toEqual(Array(3).fill(["2026-05-15", true, "retired"]));
  });

  it("says unknown, never 'not retired', in JSON for a model no registry knows", async () => {
    const run = await runCli(["retired", "openai", "gpt-9-turbo", "--json"], { env: env() });
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({ date: null, retired: null, status: "unknown" });
  });

  it("lists what shuts down within --upcoming, soonest first", async () => {
    const run = await runCli(["retired", "--upcoming", "30d", "--today", "2026-05-01", "--json"], {
      env: env(),
    });
    expect(run.code).toBe(0);
    const report = json(run.stdout) as {
      until: string;
      entries: { model: string; shutdownAt: string }[];
    };
    expect(report.until).toBe("2026-05-31");
    expect(report.entries.map((e) => e.model)).toContain("grok-4-0709");
    for (const e of report.entries) expect(e.shutdownAt <= "2026-05-31").toBe(true);
    const text = await runCli(["retired", "xai", "--upcoming", "90d", "--today", "2026-05-01"], {
      env: env(),
    });
    expect(text.stdout).toMatch(/2026-05-15\s+xai\s+grok-4-0709/);
    expect(text.stdout).not.toContain("claude");
  });
});

describe("discovery check", () => {
  it("exits 1 when a model is retired", async () => {
    const run = await runCli(["check", "x-ai/grok-4-07-09", "gpt-4o", "--today", "2026-06-01"], {
      env: env(),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL .*grok-4-07-09: retired since 2026-05-15; use grok-4\.3/);
    expect(run.stderr).toContain("gpt-4o: not in the lifecycle registry");
  });

  it("exits 1 when a model retires within --within, 0 when after it", async () => {
    const args = ["check", "gemini-2.5-pro", "--today", "2026-11-20"];
    expect((await runCli([...args, "--within", "30d"], { env: env() })).code).toBe(1);
    expect((await runCli([...args, "--within", "5d"], { env: env() })).code).toBe(0);
  });

  it("warns on an unknown model and exits 0, or 1 with --strict", async () => {
    const loose = await runCli(["check", "gpt-4o"], { env: env() });
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain("warning");
    const strict = await runCli(["check", "gpt-4o", "--strict"], { env: env() });
    expect(strict.code).toBe(1);
  });

  it("reports every model in JSON with its verdict", async () => {
    const run = await runCli(
      [
        "check",
        "deepseek/deepseek-chat",
        "claude-3-opus-20240229",
        "mystery-model",
        "--json",
        "--today",
        "2026-01-01",
      ],
      { env: env() },
    );
    expect(run.code).toBe(1);
    const report = json(run.stdout) as { ok: boolean; results: { id: string; verdict: string }[] };
    expect(report.ok).toBe(false);
    expect(report.results.map((r) => [r.id, r.verdict])).toEqual([
      ["deepseek/deepseek-chat", "ok"],
      ["claude-3-opus-20240229", "retiring"],
      ["mystery-model", "unknown"],
    ]);
  });

  it("takes other platforms' dates with --scope", async () => {
    const args = ["check", "deepseek/DeepSeek-R1", "--today", "2026-07-20"];
    expect((await runCli(args, { env: env() })).code).toBe(0);
    expect((await runCli([...args, "--scope", "azure"], { env: env() })).code).toBe(1);
  });
});
