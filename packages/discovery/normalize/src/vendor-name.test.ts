import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vendorName } from "./vendor-name.js";

describe("vendorName", () => {
  it.each([
    ["openai", "OpenAI"],
    ["Open AI", "OpenAI"],
    ["xai", "xAI"],
    ["grok", "xAI"],
    ["X AI", "xAI"],
    ["DeepSeek AI", "DeepSeek"],
    ["claude", "Anthropic"],
    ["gemini", "Google"],
    ["Mistral AI", "Mistral AI"],
    ["__proto__", "__proto__"],
  ])("names %j %j", (input, name) => {
    expect(vendorName(input)).toBe(name);
  });

  it("returns a string for any input", () => {
    fc.assert(fc.property(fc.string(), (s) => typeof vendorName(s) === "string"));
  });
});
