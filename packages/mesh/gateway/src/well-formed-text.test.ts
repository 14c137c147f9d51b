import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWellFormedText } from "./well-formed-text.js";

describe("isWellFormedText", () => {
  it("accepts any JSON value made of Unicode text", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "small" }), (text) => {
        expect(isWellFormedText(JSON.parse(text))).toBe(true);
      }),
    );
  });

  it("refuses a value with a lone surrogate in any string or key, however deep", () => {
    const lone = fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff");
    fc.assert(
      fc.property(fc.string(), lone, fc.string(), fc.boolean(), (before, half, after, asKey) => {
        const text = `${before}${half}${after}`;
        const value = asKey ? { nested: [{ [text]: 1 }] } : { nested: [1, { deep: text }] };
        expect(isWellFormedText(value)).toBe(false);
      }),
    );
  });

  it("accepts surrogate pairs", () => {
    expect(isWellFormedText({ emoji: "🚀 \ud83d\ude80" })).toBe(true);
  });
});
