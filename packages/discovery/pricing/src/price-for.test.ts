import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listPrices } from "./list-prices.js";
import { priceFor } from "./price-for.js";

describe("priceFor", () => {
  it.each([
    // Anthropic: the table's ids, version-first API ids, dated snapshots, `-latest`.
    ["anthropic", "claude-opus-4-7", "claude-opus-4-7"],
    ["claude", "claude-opus-4-7", "claude-opus-4-7"],
    ["anthropic", "claude-3-5-haiku-20241022", "claude-haiku-3-5"],
    ["anthropic", "claude-3-5-haiku", "claude-haiku-3-5"],
    ["anthropic", "claude-3.5-haiku", "claude-haiku-3-5"],
    ["anthropic", "claude-3-7-sonnet-latest", "claude-sonnet-3-7"],
    ["anthropic", "anthropic/claude-opus-4-7", "claude-opus-4-7"],
    ["anthropic", "claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"],
    ["anthropic", "claude-opus-4-7-20260416", "claude-opus-4-7"],
    ["anthropic", "Claude-Opus-4-7", "claude-opus-4-7"],
    // OpenAI: vendor prefixes, dated snapshots with their own price, dots and hyphens.
    ["openai", "openai/gpt-4o", "gpt-4o"],
    ["openai", "gpt-4o-2024-08-06", "gpt-4o"],
    ["openai", "gpt-4o-2024-05-13", "gpt-4o-2024-05-13"],
    ["openai", "openai/gpt-5-1", "gpt-5.1"],
    ["openai", "openai/gpt-4.1-mini-2025-04-14", "gpt-4.1-mini"],
    // xAI and DeepSeek: the catalog's spellings.
    ["xai", "x-ai/grok-4-07-09", "grok-4-0709"],
    ["grok", "x-ai/grok-3-mini-beta", "grok-3-mini"],
    ["xai", "grok-code-fast-1", "grok-code-fast-1"],
    ["deepseek", "deepseek/deepseek-chat-v3.1", "deepseek-chat"],
    ["deepseek", "deepseek-reasoner", "deepseek-reasoner"],
    ["deepseek", "deepseek-v4-flash", "deepseek-v4-flash"],
    // Google: the static Gemini list.
    ["google", "google/gemini-2.5-pro", "gemini-2.5-pro"],
    ["gemini", "gemini-2.5-flash", "gemini-2.5-flash"],
  ])("finds %s %s as %s", (provider, id, model) => {
    expect(priceFor(provider, id)?.model).toBe(model);
  });

  it.each([
    ["openai", "gpt-future-9"],
    ["anthropic", "claude-future-2099"],
    ["anthropic", "voyage-2"],
    ["openai", "claude-opus-4-7"],
    ["mistral", "mistral-large"],
    ["OpenAI", "gpt-4o"],
    ["openai", ""],
  ])("gives null for %s %s", (provider, id) => {
    expect(priceFor(provider, id)).toBeNull();
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (provider, id) => {
        const row = priceFor(provider as string, id as string);
        return row === null || typeof row.model === "string";
      }),
    );
  });

  it("finds every row by its own id and by each alias", () => {
    for (const row of listPrices()) {
      expect(priceFor(row.provider, row.model)).toBe(row);
      for (const alias of row.aliases ?? [])
        expect(priceFor(row.provider, alias)?.model).toBeTruthy();
    }
  });

  it("returns frozen rows", () => {
    expect(Object.isFrozen(priceFor("openai", "gpt-4o"))).toBe(true);
  });
});

describe("listPrices", () => {
  it("lists every vendor, or one by adapter or second name", () => {
    const all = listPrices();
    expect(all.length).toBeGreaterThan(100);
    expect(listPrices({ provider: "grok" })).toEqual(listPrices({ provider: "xai" }));
    expect(
      listPrices({ provider: "claude" })
        .map((row) => row.model)
        .slice(0, 2),
    ).toEqual(["claude-opus-4-7", "claude-opus-4-6"]);
    expect(listPrices({ provider: "mistral" })).toEqual([]);
  });

  it("never answers a price of 0: an unpriced model is null", () => {
    for (const row of listPrices()) {
      expect(row.input, row.model).toBeGreaterThan(0);
      expect(row.output, row.model).toBeGreaterThan(0);
    }
    expect(priceFor("openai", "gpt-unpriced-9")).toBeNull();
  });
});
