import type { ModelInfo } from "@discovery/catalog";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { suggestModelIds } from "./suggest-model-ids.js";

const model = (id: string, aliases: string[] = []): ModelInfo => ({
  id,
  developer: "?",
  contextLength: null,
  maxTokens: null,
  name: null,
  description: null,
  type: null,
  aliases,
  tags: [],
  source: "aimlapi",
});

const CATALOG = [
  model("openai/gpt-4o"),
  model("gpt-4o-mini"),
  model("gpt-4o-2024-08-06"),
  model("claude-opus-4-5-20251101"),
  model("x-ai/grok-4-07-09"),
  model("google/gemini-2.5-pro", ["gemini-2.5-pro-latest"]),
];

describe("suggestModelIds", () => {
  it.each([
    ["gpt-4o", ["openai/gpt-4o", "gpt-4o-2024-08-06"]],
    ["claude-opus-4-5", ["claude-opus-4-5-20251101"]],
    ["gemini-2.5-pro", ["google/gemini-2.5-pro"]],
    ["gpt-4o-mimi", ["gpt-4o-mini"]],
    ["GPT-4O", ["openai/gpt-4o", "gpt-4o-2024-08-06"]],
    ["grok-4-07-10", ["x-ai/grok-4-07-09"]],
    ["llama-3-70b", []],
    ["", []],
  ])("suggests for %j: %j", (wanted, expected) => {
    expect(suggestModelIds(wanted, CATALOG)).toEqual(expected);
  });

  it("never suggests more than three ids, nor the id itself, for any input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (wanted) => {
        const suggestions = suggestModelIds(wanted, CATALOG);
        return suggestions.length <= 3 && !suggestions.includes(wanted);
      }),
    );
  });
});
