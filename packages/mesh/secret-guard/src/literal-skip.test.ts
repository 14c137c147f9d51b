import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LiteralSkip } from "./literal-skip.js";

/** Shapes of two literals: `r8_` then 3 letters, `-x` then a digit. */
const SHAPES = [/r8_[a-z]{3}/g, /-x[0-9]/g];

describe("LiteralSkip", () => {
  it("knows nothing until a literal has missed 16 times", () => {
    const skip = new LiteralSkip("r8_a ".repeat(40), SHAPES);
    for (let k = 0; k < 16; k++) {
      skip.missed(0, 5 * k);
      expect(skip.from(0)).toBe(0);
    }
    skip.missed(0, 80);
    expect(skip.from(0)).toBe(Infinity);
    expect(skip.from(1)).toBe(0);
  });

  it("stops searching once its searches have read the text four times over", () => {
    // Each literal misses 17 times at the start, then searches to the end in vain: the
    // sixth search would read the text a fifth time.
    const text = `${"r8_a ".repeat(17)}${" ".repeat(300)}`;
    const skip = new LiteralSkip(text, [...SHAPES, ...SHAPES, ...SHAPES]);
    const literals = [0, 1, 2, 3, 4, 5];
    for (const k of literals) for (let m = 0; m < 17; m++) skip.missed(k, m);
    expect(literals.map((k) => skip.from(k))).toEqual([
      Infinity,
      Infinity,
      Infinity,
      Infinity,
      Infinity,
      0,
    ]);
  });

  it("never skips a position where the literal's shape holds (property)", () => {
    const text = fc
      .array(fc.constantFrom("r8_a ", "r8_abc ", "-x ", "-x1 ", "r8_", " "), { maxLength: 60 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 1 }), (content, k) => {
        const shape = new RegExp(SHAPES[k] as RegExp, "y");
        const skip = new LiteralSkip(content, SHAPES);
        // Every position is a miss (the caller asks in increasing order, past what it skips).
        for (let s = 0; s < content.length; s++) {
          if (s < skip.from(k)) {
            shape.lastIndex = s;
            expect(shape.test(content)).toBe(false);
          } else skip.missed(k, s);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
