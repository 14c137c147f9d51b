import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeServer, startFakeServer } from "@discovery/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { baseEnv, runCli } from "./run-cli.js";

const BUNDLED = { version: "0.1.8", releasedAt: "2026-09-23" };
let release = { version: "0.2.0", time: "2026-11-20T10:00:00.000Z" };
let dataStatus = 200;
let server: FakeServer;
let cacheDir: string;

function model(id: string, input: number) {
  return { id, match: { equals: id }, prices: { input_mtok: input, output_mtok: input * 4 } };
}

const DATASET = [
  { id: "openai", models: [model("gpt-4o", 2.2), model("gpt-9-free", 0)] },
  { id: "deepseek", models: [model("deepseek-v4-flash", 0.14)] },
  { id: "x-ai", models: [model("grok-4.3", 1.25)] },
  { id: "google", models: [model("gemini-3.5-flash", 1.5)] },
];

beforeAll(async () => {
  server = await startFakeServer((request) => {
    if (request.path === "/@pydantic%2fgenai-prices") {
      return {
        json: {
          "dist-tags": { latest: release.version },
          time: {
            [BUNDLED.version]: `${BUNDLED.releasedAt}T00:00:00Z`,
            [release.version]: release.time,
          },
        },
      };
    }
    if (request.path === `/data/v${release.version}.json`) {
      return dataStatus === 200 ? { json: DATASET } : { status: dataStatus, json: { error: "no" } };
    }
    return { status: 404, json: {} };
  });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), "discovery-prices-"));
  release = { version: "0.2.0", time: "2026-11-20T10:00:00.000Z" };
  dataStatus = 200;
  return () => rmSync(cacheDir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return baseEnv({
    DISCOVERY_NPM_REGISTRY: server.url,
    DISCOVERY_PRICES_DATA_URL: `${server.url}/data/v{version}.json`,
    DISCOVERY_CACHE_DIR: cacheDir,
  });
}

describe("discovery prices update", () => {
  it("caches a newer release, which later commands then price with", async () => {
    const run = await runCli(["prices", "update", "--json"], { env: env() });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      outcome: "updated",
      dataset: { name: "@pydantic/genai-prices", version: "0.2.0", releasedAt: "2026-11-20" },
      path: join(cacheDir, "prices.json"),
    });
    // 19 Anthropic rows of the bundled table, and the four priced dataset rows (0 is unpriced).
    expect(report.rows).toBe(23);
    expect(JSON.parse(readFileSync(join(cacheDir, "prices.json"), "utf8")).dataset.version).toBe(
      "0.2.0",
    );

    const estimate = await runCli(
      ["cost", "estimate", "gpt-4o", "--input", "1000000", "--output", "0", "--json"],
      { env: env() },
    );
    expect(JSON.parse(estimate.stdout).estimate).toMatchObject({
      inputUsd: 2.2,
      verifiedAt: "2026-11-20",
    });
    const unpriced = await runCli(
      ["cost", "estimate", "gpt-9-free", "--input", "1", "--output", "1"],
      {
        env: env(),
      },
    );
    expect(unpriced.code).toBe(1);
    const list = await runCli(["price", "list", "--json"], { env: env() });
    expect(JSON.parse(list.stdout).dataset.version).toBe("0.2.0");

    const again = await runCli(["prices", "update"], { env: env() });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already current: @pydantic/genai-prices 0.2.0");
  });

  it("refuses a release older than the bundled one and writes nothing", async () => {
    release = { version: "0.1.9", time: "2026-01-01T00:00:00Z" };
    const run = await runCli(["prices", "update"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is older than the prices in use (0.1.8, 2026-09-23)");
    expect(existsSync(join(cacheDir, "prices.json"))).toBe(false);
  });

  it("says the bundled release is current when it is the newest", async () => {
    release = { version: BUNDLED.version, time: `${BUNDLED.releasedAt}T00:00:00Z` };
    const run = await runCli(["prices", "update"], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "already current: @pydantic/genai-prices 0.1.8 (the bundled release)",
    );
  });

  it("exits 1 and keeps the prices when the data cannot be fetched", async () => {
    dataStatus = 503;
    const run = await runCli(["prices", "update"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("cannot fetch the price dataset");
    expect(existsSync(join(cacheDir, "prices.json"))).toBe(false);
  });
});
