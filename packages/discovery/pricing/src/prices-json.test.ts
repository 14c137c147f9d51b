import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { listPrices } from "./list-prices.js";

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
