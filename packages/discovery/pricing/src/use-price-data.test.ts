import { afterEach, describe, expect, it } from "vitest";
import { listPrices } from "./list-prices.js";
import { activePrices, PRICES, setActivePrices } from "./price-data.js";
import { priceFor } from "./price-for.js";
import { pricesFromDataset } from "./prices-from-dataset.js";
import { usePriceData } from "./use-price-data.js";

afterEach(() => {
  setActivePrices(PRICES);
});

/** A small dataset release: one model of each vendor the dataset supplies. */
function release(releasedAt: string, gpt4oInput = 2) {
  const model = (id: string, input: number) => ({
    id,
    match: { equals: id },
    prices: { input_mtok: input, output_mtok: input * 4 },
  });
  return pricesFromDataset({
    version: "9.9.9",
    releasedAt,
    providers: [
      { id: "openai", models: [model("gpt-4o", gpt4oInput)] },
      { id: "deepseek", models: [model("deepseek-v4-flash", 0.14)] },
      { id: "x-ai", models: [model("grok-4.3", 1.25)] },
      { id: "google", models: [model("gemini-3.5-flash", 1.5)] },
    ],
  });
}

describe("usePriceData", () => {
  it("makes the lookups read a newer release", () => {
    expect(usePriceData(release("2099-01-01", 2))).toBe("used");
    expect(priceFor("openai", "gpt-4o")).toMatchObject({
      input: 2,
      output: 8,
      verifiedAt: "2099-01-01",
    });
    expect(priceFor("openai", "gpt-4.1")).toBeNull();
    expect(listPrices({ provider: "anthropic" }).length).toBe(19);
    expect(activePrices().dataset).toEqual({
      name: "@pydantic/genai-prices",
      version: "9.9.9",
      releasedAt: "2099-01-01",
    });
  });

  it("refuses a release older than the bundled data or the data in use", () => {
    expect(usePriceData(release("2000-01-01"))).toBe("older");
    expect(activePrices()).toBe(PRICES);
    expect(usePriceData(release("2099-06-01"))).toBe("used");
    expect(usePriceData(release("2099-01-01"))).toBe("older");
    expect(activePrices().dataset.releasedAt).toBe("2099-06-01");
  });

  it.each([
    [null],
    [{}],
    [{ ...PRICES, rows: [{ ...PRICES.rows[0], input: 0 }] }],
    [{ ...PRICES, rows: [{ ...PRICES.rows[0], source: "http://insecure" }] }],
  ])("refuses what is not a prices.json document: %j", (file) => {
    expect(usePriceData(file)).toBe("invalid");
    expect(activePrices()).toBe(PRICES);
  });

  it("accepts the bundled data as a valid document", () => {
    expect(usePriceData(JSON.parse(JSON.stringify(PRICES)))).toBe("used");
  });
});
