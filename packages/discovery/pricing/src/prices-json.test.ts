import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { crossCheck as checkAgainst } from "./cross-check.js";
import { listPrices } from "./list-prices.js";
import type { PricesFile } from "./price-row.js";

const read = (file: string): string =>
  readFileSync(fileURLToPath(new URL(file, import.meta.url)), "utf8");
const prices = JSON.parse(read("./prices.json"));
const schema = JSON.parse(read("./prices.schema.json"));

describe("prices.json", () => {
  it("is valid against prices.schema.json", () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(prices), JSON.stringify(validate.errors)).toBe(true);
  });

  it("is what the build script makes from the pinned dataset and the Anthropic table", () => {
    const script = fileURLToPath(new URL("../scripts/build-prices.ts", import.meta.url));
    const built = execFileSync(process.execPath, [script, "--stdout"], { encoding: "utf8" });
    expect(built).toBe(read("./prices.json"));
  });

  it("has rows for all five vendors, each with its source page and date", () => {
    const providers = new Set(prices.rows.map((row: { provider: string }) => row.provider));
    expect([...providers]).toEqual(["anthropic", "openai", "deepseek", "xai", "google"]);
    for (const row of prices.rows) {
      expect(row.source).toMatch(/^https:\/\//);
      expect(row.verifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("gives non-Anthropic rows the dataset's release date and its page for the vendor", () => {
    for (const row of listPrices()) {
      if (row.provider === "anthropic") {
        expect([row.source, row.verifiedAt]).toEqual(["https://claude.com/pricing", "2026-05-09"]);
      } else {
        expect(row.verifiedAt).toBe(prices.dataset.releasedAt);
        expect(row.source).toMatch(/^https:\/\/github\.com\/pydantic\/genai-prices\/.+\.yml$/);
      }
    }
  });

  it("is the data the lookups read", () => {
    expect(listPrices()).toEqual(prices.rows);
  });

  it("refuses a row without a source or with a negative price", () => {
    const validate = new Ajv().compile(schema);
    const row = prices.rows[0];
    const { source: _source, ...unsourced } = row;
    expect(validate({ ...prices, rows: [unsourced] })).toBe(false);
    expect(validate({ ...prices, rows: [{ ...row, input: -1 }] })).toBe(false);
    expect(validate({ ...prices, rows: [{ ...row, provider: "mistral" }] })).toBe(false);
  });
});

describe("the second-source check", () => {
  const second = {
    deepseek: {
      models: {
        "deepseek-chat": {
          id: "deepseek-chat",
          last_updated: "2025-08-21",
          cost: { input: 0.57, output: 1.68 },
        },
      },
    },
    anthropic: {
      models: {
        "claude-opus-4-1": {
          id: "claude-opus-4-1",
          last_updated: "2030-01-01",
          cost: { input: 15, output: 75 },
        },
      },
    },
  };
  const crossCheck = (f: PricesFile) => checkAgainst(f, second, "https://models.dev");
  const row = (over: Record<string, unknown>) => ({
    provider: "deepseek",
    model: "deepseek-chat",
    input: 0.27,
    output: 1.1,
    source: "https://example.com/ours",
    verifiedAt: "2026-09-23",
    ...over,
  });
  const file = (rows: unknown[]) => ({ ...prices, rows }) as PricesFile;

  it("keeps a row that agrees as it is, and counts it", () => {
    const { file: out, checks } = crossCheck(file([row({ input: 0.57, output: 1.68 })]));
    expect(out.rows[0]).not.toHaveProperty("check");
    expect(checks).toHaveLength(1);
  });

  it("marks a disagreeing row with the other figure and keeps the newer price", () => {
    const newer = crossCheck(file([row({})])).file.rows[0];
    expect(newer).toMatchObject({
      input: 0.27,
      check: { source: "https://models.dev", input: 0.57, output: 1.68 },
    });
    const older = crossCheck(file([row({ verifiedAt: "2024-01-01" })])).file.rows[0];
    expect(older).toMatchObject({
      input: 0.57,
      output: 1.68,
      source: "https://models.dev",
      check: { source: "https://example.com/ours", input: 0.27, output: 1.1 },
    });
  });

  it("never replaces the Anthropic table's published figures", () => {
    const opus = {
      ...row({ provider: "anthropic", model: "claude-opus-4-1", verifiedAt: "2000-01-01" }),
      input: 1,
    };
    const out = crossCheck(file([opus])).file.rows[0];
    expect(out?.input).toBe(1);
    expect(out?.check?.source).toBe("https://models.dev");
  });

  it("leaves in prices.json only the rows the two sources disagree on marked", () => {
    const marked = prices.rows.filter((r: { check?: unknown }) => r.check !== undefined);
    for (const r of marked) {
      expect([r.check.input, r.check.output]).not.toEqual([r.input, r.output]);
    }
  });
});

describe("the package's data subpaths", () => {
  it("export prices.json and prices.schema.json", async () => {
    const data = await import("@discovery/pricing/prices.json", { with: { type: "json" } });
    const dataSchema = await import("@discovery/pricing/prices.schema.json", {
      with: { type: "json" },
    });
    expect(data.default).toEqual(prices);
    expect(dataSchema.default).toEqual(schema);
  });
});
