import { describe, expect, it } from "vitest";
import { canonicalProvider } from "./canonical-provider.js";
import { findProvider } from "./find-provider.js";
import { PROVIDERS } from "./providers.js";

describe("PROVIDERS", () => {
  it("lists the five vendors with their second names and vendor words (VENDORS.md section 1)", () => {
    expect(PROVIDERS.map((p) => [p.name, p.secondName, p.vendorWord])).toEqual([
      ["openai", null, "OpenAI"],
      ["deepseek", null, "DeepSeek"],
      ["xai", "grok", "Xai"],
      ["anthropic", "claude", "Anthropic"],
      ["google", "gemini", "Gemini"],
    ]);
  });

  it("is frozen, entries included", () => {
    expect(Object.isFrozen(PROVIDERS)).toBe(true);
    for (const info of PROVIDERS) expect(Object.isFrozen(info)).toBe(true);
  });

  it("uses every name only once across adapter and second names", () => {
    const names = PROVIDERS.flatMap((p) =>
      p.secondName === null ? [p.name] : [p.name, p.secondName],
    );
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("canonicalProvider", () => {
  it.each([
    ["openai", "openai"],
    ["deepseek", "deepseek"],
    ["xai", "xai"],
    ["grok", "xai"],
    ["anthropic", "anthropic"],
    ["claude", "anthropic"],
    ["google", "google"],
    ["gemini", "google"],
  ])("maps %s to the adapter name %s", (name, canonical) => {
    expect(canonicalProvider(name)).toBe(canonical);
  });

  it.each(["x-ai", "Grok", "XAI", "mistral", "", "__proto__", "hasOwnProperty"])(
    "gives null for the unknown name %j",
    (name) => {
      expect(canonicalProvider(name)).toBeNull();
      expect(findProvider(name)).toBeNull();
    },
  );

  it("finds the same entry through either name", () => {
    expect(findProvider("grok")).toBe(findProvider("xai"));
    expect(findProvider("claude")?.developerLabel).toBe("Anthropic");
  });
});
