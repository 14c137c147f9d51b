import { describe, expect, it } from "vitest";
import { canonicalProvider } from "./canonical-provider.js";
import { developerLabel } from "./developer-label.js";
import { findProvider } from "./find-provider.js";
import { normalizeModelId } from "./normalize-model-id.js";
import { PROVIDER_INFO, PROVIDERS } from "./providers.js";

// Public API: `PROVIDERS` (adapter names and second names).
describe("PROVIDERS", () => {
  it("lists every adapter name, each followed by its second name (the five vendors' adapter and second names)", () => {
    expect(PROVIDERS).toEqual([
      "openai",
      "deepseek",
      "xai",
      "grok",
      "anthropic",
      "claude",
      "google",
      "gemini",
    ]);
    expect(Object.isFrozen(PROVIDERS)).toBe(true);
  });

  it("holds only names that have a developer label and a vendor", () => {
    for (const name of PROVIDERS) {
      expect(findProvider(name)).not.toBeNull();
      expect(developerLabel(name)).not.toBe(name);
      expect(typeof normalizeModelId(name, "m")).toBe("string");
    }
  });
});

describe("PROVIDER_INFO", () => {
  it("lists the five vendors with their second names and vendor words (the five vendors' adapter and second names)", () => {
    expect(PROVIDER_INFO.map((p) => [p.name, p.secondName, p.vendorWord])).toEqual([
      ["openai", null, "OpenAI"],
      ["deepseek", null, "DeepSeek"],
      ["xai", "grok", "Xai"],
      ["anthropic", "claude", "Anthropic"],
      ["google", "gemini", "Gemini"],
    ]);
  });

  it("is frozen, entries included", () => {
    expect(Object.isFrozen(PROVIDER_INFO)).toBe(true);
    for (const info of PROVIDER_INFO) expect(Object.isFrozen(info)).toBe(true);
  });

  it("uses every name only once across adapter and second names", () => {
    const names = PROVIDER_INFO.flatMap((p) =>
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
