import { describe, expect, it } from "vitest";
import { parseIsoDate } from "./parse-iso-date.js";
import { RETIREMENT_REGISTRY } from "./retirement-registry.js";

describe("RETIREMENT_REGISTRY", () => {
  it("holds exactly the four documented retirement entries", () => {
    expect(RETIREMENT_REGISTRY).toEqual({
      "grok/grok-4": "2026-05-15",
      "grok/grok-code-fast-1": "2026-05-15",
      "claude/claude-sonnet-3-7": "deprecated",
      "claude/claude-opus-3": "deprecated",
    });
  });

  it("stores only the sentinel or a real calendar date", () => {
    for (const [key, value] of Object.entries(RETIREMENT_REGISTRY)) {
      expect(value === "deprecated" || parseIsoDate(value) !== null, `${key}: ${value}`).toBe(true);
    }
  });

  it("is frozen", () => {
    expect(Object.isFrozen(RETIREMENT_REGISTRY)).toBe(true);
  });
});
