import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { developerLabel } from "./developer-label.js";
import { PROVIDER_INFO } from "./providers.js";

describe("developerLabel", () => {
  it.each([
    ["openai", "Open AI"],
    ["anthropic", "Anthropic"],
    ["claude", "Anthropic"],
    ["google", "Google"],
    ["gemini", "Google"],
    ["deepseek", "DeepSeek AI"],
    ["xai", "X AI"],
    ["grok", "X AI"],
  ])("labels %s as %s (the catalog's developer labels)", (provider, label) => {
    expect(developerLabel(provider)).toBe(label);
  });

  it.each([
    "Mistral AI",
    "x-ai",
    "OpenAI",
    "Grok",
    " openai",
    "",
    "__proto__",
    "constructor",
    "toString",
  ])("uses an unknown provider string %j as the label itself", (provider) => {
    expect(developerLabel(provider)).toBe(provider);
  });

  it("returns the label of PROVIDER_INFO for every known name", () => {
    for (const info of PROVIDER_INFO) {
      expect(developerLabel(info.name)).toBe(info.developerLabel);
      if (info.secondName !== null)
        expect(developerLabel(info.secondName)).toBe(info.developerLabel);
    }
  });

  it("never throws and returns a string for any provider string", () => {
    fc.assert(
      fc.property(fc.string(), (provider) => {
        expect(typeof developerLabel(provider)).toBe("string");
      }),
    );
  });
});
