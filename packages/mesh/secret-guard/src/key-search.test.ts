import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeySearch } from "./key-search.js";

const KEYS = ["r8_", "hf_", "xb-", "s:", 'ey"', "a.b", "(x)"];

/** The plain way: `indexOf` of each key kept, the smallest. */
function naiveFind(text: string, from: number, out: number): number {
  let best = -1;
  KEYS.forEach((key, i) => {
    if (Math.floor(out / 2 ** i) % 2 === 1) return;
    const at = text.indexOf(key, from);
    if (at >= 0 && (best < 0 || at < best)) best = at;
  });
  return best;
}

describe("KeySearch", () => {
  const search = new KeySearch(KEYS);

  it("finds what indexOf of each key kept finds first", () => {
    const text = fc
      .array(fc.constantFrom(...KEYS, "r8", "_", "-", "x", "a", ".", " ", "b", "s", ":", "("), {
        maxLength: 40,
      })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.nat(60), fc.nat(2 ** KEYS.length - 1), (content, from, out) => {
        expect(search.find(content, from, out)).toBe(naiveFind(content, from, out));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["nothing left out", "aa hf_ r8_", 0, 0, 3],
    ["a key left out", "aa hf_ r8_", 0, 0b10, 7],
    ["every key left out", "aa hf_ r8_", 0, 2 ** KEYS.length - 1, -1],
    ["regex characters taken literally", "aXb a.b", 0, 0, 4],
    ["from past a key", "r8_ r8_", 1, 0, 4],
  ] as const)("%s", (_, text, from, out, expected) => {
    expect(search.find(text, from, out)).toBe(expected);
    expect(search.has(out)).toBe(true);
  });
});
