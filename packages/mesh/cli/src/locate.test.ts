import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineStarts, locate } from "./locate.js";

describe("locate", () => {
  it.each([
    ["abc", 0, 1, 1],
    ["abc", 2, 1, 3],
    ["a\nbc", 2, 2, 1],
    ["a\nbc\n\nd", 6, 4, 1],
    ["\n\nx", 2, 3, 1],
  ])("finds %j index %i at line %i column %i", (text, index, line, column) => {
    expect(locate(lineStarts(text), index)).toEqual({ line, column });
  });

  it("agrees with counting line breaks before the index", () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: fc.constantFrom("a", "b", "\n", "\r"), maxLength: 200 })
          .filter((s) => s.length > 0),
        fc.nat(),
        (text, seed) => {
          const index = seed % text.length;
          const before = text.slice(0, index);
          const line = before.split("\n").length;
          const column = index - (before.lastIndexOf("\n") + 1) + 1;
          expect(locate(lineStarts(text), index)).toEqual({ line, column });
        },
      ),
    );
  });
});
