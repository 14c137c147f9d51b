import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscoveryFakes, startDiscoveryFakes } from "./start-discovery-fakes.js";

const NOW = Date.UTC(2026, 10, 23, 15, 0, 0);
let fakes: DiscoveryFakes;

beforeAll(async () => {
  fakes = await startDiscoveryFakes({ now: NOW });
});
afterAll(() => fakes.close());

describe("startDiscoveryFakes", () => {
  it("gives one address variable per fake service, all distinct, and the fake keys", () => {
    const addresses = Object.entries(fakes.env).filter(([name]) => name.endsWith("_URL"));
    expect(addresses.map(([name]) => name)).toEqual([
      "DISCOVERY_AIMLAPI_URL",
      "DISCOVERY_OPENAI_URL",
      "DISCOVERY_DEEPSEEK_URL",
      "DISCOVERY_XAI_URL",
      "DISCOVERY_BILLING_URL",
      "DISCOVERY_DEEPSEEK_BALANCE_URL",
      "DISCOVERY_OPENAI_COSTS_URL",
      "DISCOVERY_XAI_MGMT_URL",
    ]);
    expect(new Set(addresses.map(([, url]) => url)).size).toBe(addresses.length);
    for (const [, url] of addresses) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    for (const key of ["OPENAI_API_KEY", "DEEPSEEK_API_KEY", "XAI_API_KEY", "OPENAI_ADMIN_KEY"]) {
      expect(fakes.env[key]).toBeTruthy();
    }
  });

  it("serves the catalog and the vendors' model lists with the printed keys", async () => {
    const catalog = await (await fetch(`${fakes.env.DISCOVERY_AIMLAPI_URL}/models`)).json();
    expect(catalog.data).toHaveLength(440);
    const list = await fetch(`${fakes.env.DISCOVERY_OPENAI_URL}/v1/models`, {
      headers: { authorization: `Bearer ${fakes.env.OPENAI_API_KEY}` },
    });
    expect(list.status).toBe(200);
  });

  it("holds OpenAI spend above zero for the last week", async () => {
    const since = Math.floor(NOW / 1000) - 7 * 86_400;
    const response = await fetch(
      `${fakes.env.DISCOVERY_OPENAI_COSTS_URL}/v1/organization/costs?start_time=${since}&limit=30&bucket_width=1d`,
      { headers: { authorization: `Bearer ${fakes.env.OPENAI_ADMIN_KEY}` } },
    );
    const body = (await response.json()) as {
      data: { results: { amount: { value: number } }[] }[];
    };
    const total = body.data.flatMap((b) => b.results).reduce((sum, r) => sum + r.amount.value, 0);
    expect(body.data.length).toBeGreaterThanOrEqual(7);
    expect(total).toBeGreaterThan(0);
  });

  it("holds xAI spend above zero and a DeepSeek balance for the printed key", async () => {
    const usage = await fetch(
      `${fakes.env.DISCOVERY_XAI_MGMT_URL}/v1/billing/teams/${fakes.env.XAI_TEAM_ID}/usage`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${fakes.env.XAI_MANAGEMENT_KEY}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          analyticsRequest: {
            timeRange: {
              startTime: "2026-11-16 00:00:00",
              endTime: "2026-11-23 00:00:00",
              timezone: "Etc/GMT",
            },
            timeUnit: "TIME_UNIT_DAY",
            values: [{ name: "usd", aggregation: "AGGREGATION_SUM" }],
            groupBy: ["description"],
            filters: [],
          },
        }),
      },
    );
    const series = (
      (await usage.json()) as { timeSeries: { dataPoints: { values: number[] }[] }[] }
    ).timeSeries;
    const total = series
      .flatMap((s) => s.dataPoints)
      .reduce((sum, p) => sum + (p.values[0] ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    const balance = await fetch(`${fakes.env.DISCOVERY_DEEPSEEK_BALANCE_URL}/user/balance`, {
      headers: { authorization: `Bearer ${fakes.env.DEEPSEEK_API_KEY}` },
    });
    expect(balance.status).toBe(200);
  });
});

describe("the discovery-fakes bin", () => {
  it("prints an export line per variable, then serves until stopped", async () => {
    const bin = fileURLToPath(new URL("../dist/discovery-fakes.js", import.meta.url));
    const child = spawn(process.execPath, [bin], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("XAI_TEAM_ID")) resolve(text);
        });
        child.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
      });
      const lines = output.trim().split("\n");
      expect(lines).toHaveLength(Object.keys(fakes.env).length);
      for (const line of lines) expect(line).toMatch(/^export [A-Z_]+='[^']+'$/);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill("SIGTERM");
    }
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
  });
});
