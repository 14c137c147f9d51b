import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fragmentText } from "../test/arbitraries.js";
import { referenceFindAll, referenceFindSecret } from "../test/reference.js";
import { scanAll, scanFirst } from "./scanner.js";

/** Small-alphabet text: dense in boundaries, class edges and partial prefixes. */
const smallAlphabetText = fc
  .array(
    fc.constantFrom(
      "a",
      "-",
      "A",
      "0",
      "/",
      "=",
      "+",
      "_",
      " ",
      "\n",
      ".",
      "s",
      "k",
      "w",
      "e",
      "J",
      "y",
      "sk-",
      "aws",
      "eyJ",
      "MESH_GATEWAY_TOKEN",
      "AKIA",
      "AIza",
      "ghp_",
      "xai-",
      "pypi-",
      "aaaaaaaaaa",
      "AAAAAAAAAAAAAAAA",
      "0123456789abcdef",
      "a-a-a-a-a-",
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(""));

const content = fc.oneof(fragmentText, smallAlphabetText);

describe("scanner equivalence with the spec regexes", () => {
  it("scanFirst reports the first rule in order, at that rule's leftmost match", () => {
    fc.assert(
      fc.property(content, (text) => {
        expect(scanFirst(text)).toEqual(referenceFindSecret(text));
      }),
      { numRuns: 4000 },
    );
  });

  it("scanAll reports the leftmost-first, marker-aware sequence of matches", () => {
    fc.assert(
      fc.property(content, (text) => {
        expect(scanAll(text)).toEqual(referenceFindAll(text));
      }),
      { numRuns: 4000 },
    );
  });
});

// The regexes backtrack catastrophically on these, so the expected results are spelled out.
describe("scanner on large inputs", () => {
  it.each([
    ["a- run before the name", `${"a-".repeat(100_000)} MESH_GATEWAY_TOKEN`, [12, 0, 199_999], 1],
    ["a- run, name on the next line", `${"a-".repeat(100_000)}\nMESH_GATEWAY_TOKEN aws`, null, 0],
    ["40-char runs, aws at the end", `${`${"A".repeat(40)} `.repeat(5000)}aws`, [10, 0, 40], 5000],
    ["40-char runs, aws on the next line", `${`${"A".repeat(40)} `.repeat(5000)}\naws`, null, 0],
    ["runs ending in +, aws at the end", `${`${"Ab/+".repeat(10)} `.repeat(5000)}aws`, null, 0],
    ["one long word", "k".repeat(300_000), null, 0],
    [
      "literals inside one long word, a token after it",
      `${"gh".repeat(100_000)} ghp_${"a".repeat(30)}`,
      [8, 200_001, 200_035],
      1,
    ],
  ] as const)("finds the right result on %s", (_, text, expected, count) => {
    const found = scanFirst(text);
    expect(found && [found.rule, found.index, found.end]).toEqual(expected);
    expect(scanAll(text)).toHaveLength(count);
  });
});
