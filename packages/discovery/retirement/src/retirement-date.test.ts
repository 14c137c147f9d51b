import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retirementDate } from "./retirement-date.js";

describe("retirementDate", () => {
  it.each([
    ["grok", "grok-4", "2026-05-15"],
    ["grok", "grok-code-fast-1", "2026-05-15"],
    ["claude", "claude-sonnet-3-7", "deprecated"],
    ["claude", "claude-opus-3", "deprecated"],
    ["openai", "gpt-4o", null],
  ])(
    "returns the stored value for (%s, %s): %s (the retirement registry)",
    (provider, id, value) => {
      expect(retirementDate(provider, id)).toBe(value);
    },
  );

  it.each([
    ["xai", "grok-4", "2026-05-15"],
    ["grok", "x-ai/grok-4", "2026-05-15"],
    ["xai", "x-ai/grok-code-fast-1", "2026-05-15"],
    ["xai", "x-ai/grok-4-07-09", "2026-05-15"],
    ["grok", "grok-4-beta", "2026-05-15"],
    ["xai", "xai/grok-4", "2026-05-15"],
    ["xai", "grok/grok-4", "2026-05-15"],
    ["anthropic", "claude-opus-3", "deprecated"],
    ["anthropic", "claude-sonnet-3-7", "deprecated"],
    ["anthropic", "anthropic/claude-opus-3", "deprecated"],
    ["claude", "claude/claude-opus-3", "deprecated"],
  ])("accepts the naming variant (%s, %s) (product rule)", (provider, id, value) => {
    expect(retirementDate(provider, id)).toBe(value);
  });

  it.each([
    ["x-ai", "grok-4"],
    ["Grok", "grok-4"],
    ["openai", "grok-4"],
    ["claude", "grok-4"],
    ["openai", "gpt-4o"],
    ["deepseek", "deepseek-v4-flash"],
    ["grok", "constructor"],
    ["__proto__", "x"],
    ["", ""],
  ])("returns null for the unregistered (%j, %j)", (provider, id) => {
    expect(retirementDate(provider, id)).toBeNull();
  });

  it.each([
    ["grok", "grok-4-fast-reasoning", "2026-05-15"],
    ["xai", "grok-4-0709", "2026-05-15"],
    ["grok", "Grok-4", "2026-05-15"],
    ["anthropic", "claude-opus-4", "2026-06-15"],
    ["openai", "gpt-4-32k", "2025-06-06"],
    ["deepseek", "deepseek-chat", "2026-07-24"],
    ["google", "models/gemini-2.0-flash", "2026-06-01"],
    ["xai", "grok-2-1212", "deprecated"],
  ])(
    "answers (%s, %s) from the lifecycle data when the registry has no entry: %s",
    (provider, id, value) => {
      expect(retirementDate(provider, id)).toBe(value);
    },
  );

  it("looks in a caller's registry when given one, still matching variants", () => {
    const registry = { "openai/gpt-4": "2026-07-01", "deepseek/deepseek-chat": "bogus" };
    expect(retirementDate("openai", "gpt-4", { registry })).toBe("2026-07-01");
    expect(retirementDate("deepseek", "deepseek/deepseek-chat-v3.1", { registry })).toBe("bogus");
    expect(retirementDate("grok", "grok-4", { registry, lifecycle: false })).toBeNull();
    expect(retirementDate("grok", "grok-4", { registry })).toBe("2026-05-15");
  });

  it("never throws and returns a string or null for any input", () => {
    const provider = fc.oneof(
      fc.constantFrom("xai", "grok", "claude", "anthropic", "deepseek"),
      fc.string(),
    );
    fc.assert(
      fc.property(provider, fc.string(), (p, id) => {
        const value = retirementDate(p, id);
        expect(value === null || typeof value === "string").toBe(true);
      }),
    );
  });

  it.each([null, 5, "x"])("ignores options %j that are not an object", (options) => {
    const given = options as unknown as { registry?: Record<string, string> };
    expect(retirementDate("grok", "grok-4", given)).toBe("2026-05-15");
  });

  it("returns null rather than throwing on non-string arguments", () => {
    expect(retirementDate(undefined as unknown as string, "grok-4")).toBeNull();
    expect(retirementDate("grok", 4 as unknown as string)).toBeNull();
  });
});
