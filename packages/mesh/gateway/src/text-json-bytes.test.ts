import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textJsonBytes } from "./text-json-bytes.js";

describe("textJsonBytes", () => {
  it.each([
    ["", 0],
    ["plain", 5],
    ["é", 2],
    ["😀", 4],
    ['"', 2],
    ["\\", 2],
    ["\n\t\r\b\f", 10],
    ["\u0001", 6],
    ["\u001f", 6],
    ["\u007f", 1],
    ["a\u0000b", 8],
  ])("counts %j as %i bytes", (text, bytes) => {
    expect(textJsonBytes(text)).toBe(bytes);
  });

  it("equals the UTF-8 bytes of JSON.stringify without its quotes, for any well-formed text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary-ascii" }), (a, b) => {
        const text = a + b;
        expect(textJsonBytes(text)).toBe(Buffer.byteLength(JSON.stringify(text)) - 2);
      }),
      { numRuns: 500 },
    );
  });
});
