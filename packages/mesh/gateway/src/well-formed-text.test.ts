import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWellFormedText } from "./well-formed-text.js";

/** In Unicode mode a surrogate pair reads as one code point; only a lone half is `Cs`. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether every string and key of a parsed value is well-formed, walked the slow way. */
function wellFormedValue(value: unknown): boolean {
  if (typeof value === "string") return !LONE_SURROGATE.test(value);
  if (value === null || typeof value !== "object") return true;
  return Object.entries(value).every(
    ([key, child]) => !LONE_SURROGATE.test(key) && wellFormedValue(child),
  );
}

/** JSON text that escapes every non-ASCII character, as some encoders do. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

describe("isWellFormedText", () => {
  it("agrees with a walk of the parsed value for any JSON, escaped or not", () => {
    // Any UTF-16 code units, lone surrogates included, in keys, strings and nested arrays.
    const units = fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 8 })
      .map((codes) => String.fromCharCode(...codes));
    const value = fc.oneof(
      fc.json({ depthSize: "small" }).map((text): unknown => JSON.parse(text)),
      fc.dictionary(units, fc.oneof(units, fc.array(units, { maxLength: 4 })), { maxKeys: 4 }),
    );
    fc.assert(
      fc.property(value, fc.boolean(), (parsed, ascii) => {
        const text = ascii ? asciiJson(parsed) : JSON.stringify(parsed);
        expect(isWellFormedText(text)).toBe(wellFormedValue(JSON.parse(text)));
      }),
    );
  });

  it("refuses a lone surrogate escape in any string or key, however deep", () => {
    const lone = fc.constantFrom("\\ud800", "\\uDBFF", "\\udc00", "\\uDFFF");
    fc.assert(
      fc.property(fc.string(), lone, fc.string(), fc.boolean(), (before, half, after, asKey) => {
        const text =
          JSON.stringify(`${before}`).slice(0, -1) + half + JSON.stringify(after).slice(1);
        const json = asKey ? `{"nested":[{${text}:1}]}` : `{"nested":[1,{"deep":${text}}]}`;
        expect(isWellFormedText(json)).toBe(false);
      }),
    );
  });

  it.each([
    ["a pair", '"\\ud83d\\ude80"', true],
    ["a pair in upper case", '"\\uD83D\\uDE80"', true],
    ["a high half then a letter", '"\\ud83dx"', false],
    ["two high halves", '"\\ud83d\\ud83d\\ude80"', false],
    ["a low half first", '"\\ude80\\ud83d"', false],
    ["an escaped backslash before u", '"\\\\ud800"', true],
    ["a high half at the very end", '"\\ud800', false],
    ["other escapes", '"\\n\\t\\"\\u0041\\\\"', true],
  ])("reads %s", (_name, json, expected) => {
    expect(isWellFormedText(json)).toBe(expected);
  });
});
