import { describe, expect, it } from "vitest";
import { inferProvider } from "./infer-provider.js";

describe("inferProvider", () => {
  it.each([
    ["anything", undefined, "grok", "xai"],
    ["anything", undefined, "nope", null],
    ["x-ai/grok-4-07-09", "X AI", undefined, "xai"],
    ["voyage-3", "Anthropic", undefined, "anthropic"],
    ["grok-4", undefined, undefined, "xai"],
    ["claude-opus-4-7", undefined, undefined, "anthropic"],
    ["google/gemini-2.5-pro", undefined, undefined, "google"],
    ["deepseek-chat", undefined, undefined, "deepseek"],
    ["gpt-4o", undefined, undefined, "openai"],
    ["mistral-large", "Mistral AI", undefined, null],
  ] as const)(
    "infers %s (developer %s, explicit %s) as %s",
    (id, developer, explicit, expected) => {
      expect(inferProvider(id, developer, explicit)).toBe(expected);
    },
  );
});
