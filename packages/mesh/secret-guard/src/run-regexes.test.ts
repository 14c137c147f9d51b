import { describe, expect, it } from "vitest";
import { runRegexes } from "./run-regexes.js";

/** Digits 1, lower-case letters 2, every code unit above ASCII 4 (as the extension's table). */
const wide = new Uint8Array(65536).fill(4);
const ascii = new Uint8Array(128);
for (const table of [wide, ascii]) {
  for (let c = 0; c < 128; c++) {
    table[c] = c >= 48 && c <= 57 ? 1 : c >= 97 && c <= 122 ? 2 : 0;
  }
}

const runEnd = (classes: ArrayLike<number>, mask: number, text: string, from: number) => {
  const re = runRegexes(classes)(mask);
  re.lastIndex = from;
  re.test(text);
  return re.lastIndex;
};

describe("runRegexes", () => {
  it.each([
    ["digits", ascii, 1, "12ab3", 0, 2],
    ["letters", ascii, 2, "12ab3", 2, 4],
    ["either", ascii, 3, "12ab3-", 0, 5],
    ["none at the start", ascii, 1, "ab12", 0, 0],
    ["non-ASCII outside an ASCII-only table", ascii, 7, "a\u00e9b", 0, 1],
    ["non-ASCII with the class of 128", wide, 6, "a\u00e9\u4e2db-", 0, 4],
    ["non-ASCII not in the mask", wide, 3, "a\u00e9b", 0, 1],
  ] as const)("reads a run of %s", (_, classes, mask, text, from, end) => {
    expect(runEnd(classes, mask, text, from)).toBe(end);
  });

  it("makes one regex per mask", () => {
    const runRegex = runRegexes(ascii);
    expect(runRegex(1)).toBe(runRegex(1));
    expect(runRegex(1)).not.toBe(runRegex(2));
  });
});
