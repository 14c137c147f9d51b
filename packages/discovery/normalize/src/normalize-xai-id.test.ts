import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeXaiId } from "./normalize-xai-id.js";

// The spec's rule written as the obvious regexes; fine as an oracle on short generated strings.
function reference(id: string): string {
  return id
    .replace(/^x-ai\//, "")
    .replace(/-beta$/, "")
    .replace(/-[0-9]{2}-[0-9]{2}$/, "");
}

describe("normalizeXaiId", () => {
  it.each([
    ["x-ai/grok-4", "grok-4"],
    ["x-ai/grok-3-beta", "grok-3"],
    ["x-ai/grok-4-07-09", "grok-4"],
    ["x-ai/grok-3-mini-beta", "grok-3-mini"],
    ["x-ai/grok-code-fast-1", "grok-code-fast-1"],
    ["x-ai/grok-4-07-09-beta", "grok-4"],
    ["x-ai/grok-4-beta-07-09", "grok-4-beta"],
    ["grok-4", "grok-4"],
    ["grok-4-3", "grok-4-3"],
    ["grok-4-fast-reasoning", "grok-4-fast-reasoning"],
    ["grok-4-1-fast-reasoning", "grok-4-1-fast-reasoning"],
    ["grok-2-1212", "grok-2-1212"],
    ["grok-4-0709", "grok-4-0709"],
    ["xai/grok-4", "xai/grok-4"],
    ["X-AI/grok-4", "X-AI/grok-4"],
  ])("normalizes %s to %s (the documented normalizer rules)", (input, output) => {
    expect(normalizeXaiId(input)).toBe(output);
  });

  it.each([
    ["x-ai/x-ai/grok-4", "x-ai/grok-4"],
    ["grok-4-beta-beta", "grok-4-beta"],
    ["grok-4-07-09-07-09", "grok-4-07-09"],
    ["grok-4-7-09", "grok-4-7-09"],
    ["grok-4-107-09", "grok-4-107-09"],
    ["grok-4-07-0a", "grok-4-07-0a"],
    ["grok-4-BETA", "grok-4-BETA"],
    ["-07-09", ""],
    ["x-ai/", ""],
    ["", ""],
  ])("applies each step once and exactly: %s -> %s", (input, output) => {
    expect(normalizeXaiId(input)).toBe(output);
  });

  it("agrees with the spec's regex form on any string", () => {
    const piece = fc.constantFrom(
      "x-ai/",
      "-beta",
      "-07",
      "-7",
      "-1212",
      "grok",
      "-",
      "0",
      "9",
      "a",
    );
    const ids = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(ids, (id) => {
        expect(normalizeXaiId(id)).toBe(reference(id));
      }),
    );
  });

  it("returns a prefix of the id without its x-ai/ prefix, shorter by 0, 5, 6 or 11", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const rest = id.startsWith("x-ai/") ? id.slice(5) : id;
        const out = normalizeXaiId(id);
        expect(rest.startsWith(out)).toBe(true);
        expect([0, 5, 6, 11]).toContain(rest.length - out.length);
      }),
    );
  });
});
