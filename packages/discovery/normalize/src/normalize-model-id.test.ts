import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDeepSeekId } from "./normalize-deep-seek-id.js";
import { normalizeModelId } from "./normalize-model-id.js";
import { normalizeXaiId } from "./normalize-xai-id.js";

describe("normalizeModelId", () => {
  it.each([
    ["grok", "x-ai/grok-4", "grok-4"],
    ["xai", "x-ai/grok-3-beta", "grok-3"],
    ["deepseek", "deepseek/deepseek-chat-v3.1", "deepseek-chat"],
    ["openai", "gpt-5", "gpt-5"],
    ["claude", "claude-opus-4-7", "claude-opus-4-7"],
  ])("normalizes (%s, %s) to %s (the documented normalizer rules)", (provider, id, output) => {
    expect(normalizeModelId(provider, id)).toBe(output);
  });

  it.each([
    ["x-ai", "x-ai/grok-4"],
    ["DeepSeek", "deepseek/deepseek-chat-v3.1"],
    ["Grok", "x-ai/grok-4"],
    ["XAI", "x-ai/grok-3-beta"],
    ["anthropic", "x-ai/grok-4"],
    ["google", "deepseek/deepseek-chat-v3.1"],
    ["gemini", "google/gemini-2.5-pro"],
    ["", "x-ai/grok-4"],
  ])("passes %s ids through unchanged (dispatch is exact)", (provider, id) => {
    expect(normalizeModelId(provider, id)).toBe(id);
  });

  it("uses the xAI rule for xai and grok and the DeepSeek rule for deepseek", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        expect(normalizeModelId("xai", id)).toBe(normalizeXaiId(id));
        expect(normalizeModelId("grok", id)).toBe(normalizeXaiId(id));
        expect(normalizeModelId("deepseek", id)).toBe(normalizeDeepSeekId(id));
      }),
    );
  });

  it("returns the id unchanged for every other provider string", () => {
    const provider = fc.string().filter((p) => p !== "xai" && p !== "grok" && p !== "deepseek");
    fc.assert(
      fc.property(provider, fc.string(), (p, id) => {
        expect(normalizeModelId(p, id)).toBe(id);
      }),
    );
  });
});
