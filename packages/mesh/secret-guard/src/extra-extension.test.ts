import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extraFragmentText, fragmentText } from "../test/arbitraries.js";
import { referenceFindAll, referenceFindSecret } from "../test/reference.js";
import { EXTRA_EXTENSION, extraExtension } from "./extra-extension.js";
import { scanAll, scanFirst } from "./scanner.js";

const content = fc.oneof(extraFragmentText, fragmentText);
/** Short texts skip the engine's acceleration by default; it must not change a result either. */
const ACCELERATED = extraExtension(0);
const same = <T>(scan: (extension: typeof EXTRA_EXTENSION) => T): T => {
  const result = scan(EXTRA_EXTENSION);
  expect(scan(ACCELERATED)).toEqual(result);
  return result;
};
const first = (text: string) => same((extension) => scanFirst(text, extension));
const all = (text: string) => same((extension) => scanAll(text, extension));

describe("scanner with the extra rules, against their regexes", () => {
  it("scanFirst reports the first rule in order, at that rule's leftmost match", () => {
    fc.assert(
      fc.property(content, (text) => {
        expect(first(text)).toEqual(referenceFindSecret(text, true));
      }),
      { numRuns: 6000 },
    );
  });

  it("scanAll reports the leftmost-first, marker-aware sequence of matches", () => {
    fc.assert(
      fc.property(content, (text) => {
        expect(all(text)).toEqual(referenceFindAll(text, true));
      }),
      { numRuns: 6000 },
    );
  });

  it("finds what the twelve find exactly as they do, whatever follows", () => {
    fc.assert(
      fc.property(content, (text) => {
        const spec = scanFirst(text);
        if (spec !== null) expect(first(text)).toEqual(spec);
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * Up to three runs of a near-miss unit repeated `times`, each maybe followed by a token: the
 * extra rules must find what their regexes find, after however many near misses.
 */
function matchesRegexesAfterNearMisses(
  units: readonly string[],
  tokens: readonly string[],
  times: { min: number; max: number },
  numRuns: number,
): void {
  const text = fc
    .array(
      fc.tuple(fc.constantFrom(...units), fc.integer(times), fc.option(fc.constantFrom(...tokens))),
      { minLength: 1, maxLength: 3 },
    )
    .map((runs) => runs.map(([u, n, t]) => `${u.repeat(n)} ${t ?? ""} `).join(""));
  fc.assert(
    fc.property(text, (content) => {
      expect(first(content)).toEqual(referenceFindSecret(content, true));
      expect(all(content)).toEqual(referenceFindAll(content, true));
    }),
    { numRuns },
  );
}

describe("extra rules in texts dense in their literals' anchors", () => {
  it("finds what their regexes find after long runs of near misses", () => {
    // Runs that the reference regexes read in linear time (no long runs of word characters).
    matchesRegexesAfterNearMisses(
      ["r8_a ", "xoxb-1 ", "- ", "_ ", ":", '"', "hf_a ", "ghu_1 "],
      [
        `r8_${"a".repeat(30)}`,
        `glpat-${"b".repeat(20)}`,
        `hf_${"c".repeat(34)}`,
        `ghu_${"d".repeat(36)}`,
        `xoxp-12-${"e".repeat(10)}`,
        '"private_key": "-----BEGIN X"',
      ],
      { min: 1, max: 150 },
      150,
    );
  });
});

describe("extra rules after thousands of near misses", () => {
  it("finds what their regexes find when near misses fill whole windows", () => {
    // Long enough for the scan to pass over them natively (windows of 4096 characters).
    matchesRegexesAfterNearMisses(
      [
        "r8_a ",
        "xoxb-1 ",
        "-----",
        "hf_a ",
        '"private_key": ',
        "AWS_SECRET_ACCESS_KEY= ",
        "postgres://u@ ",
        "glpat-a ",
      ],
      [
        `r8_${"a".repeat(30)}`,
        `glpat-${"b".repeat(20)}`,
        `hf_${"c".repeat(34)}`,
        `xoxp-12-${"e".repeat(10)}`,
        '"private_key": "-----BEGIN X"',
        `AWS_SECRET_ACCESS_KEY=${"f".repeat(40)}`,
        "postgres://u:p@h",
      ],
      { min: 500, max: 2500 },
      40,
    );
  });

  it("takes no character above ASCII for the one its low bits make", () => {
    // U+0172 & 127 is "r": "Ų8_…" is no replicate token.
    expect(all(`\u01728_${"a".repeat(30)}`)).toEqual([]);
    expect(all(`${"-".repeat(9000)}r8_${"a".repeat(30)}`)).toEqual([
      { rule: 28, index: 9000, end: 9033 },
    ]);
  });
});

const x = (c: string, n: number) => c.repeat(n);
const PEM_HEADER = "-----BEGIN PRIVATE KEY-----\n";

// The regexes backtrack badly on these, so the expected results are spelled out:
// [input, [rule, index, end] of scanFirst or null, number of scanAll matches].
describe("extra rules on large adversarial inputs", () => {
  it.each([
    [
      "private-key headers, one footer",
      `${x(PEM_HEADER, 20_000)}-----END PRIVATE KEY-----`,
      [22, 0, 560_025],
      1,
    ],
    [
      "private-key headers, prose between",
      `${x(`${PEM_HEADER}a b ~\n`, 20_000)}-----END X`,
      [22, 0, 33],
      20_000,
    ],
    ["footers only", x("-----END PRIVATE KEY-----\n", 20_000), null, 0],
    ["slack prefixes glued", x("xoxb-1-", 50_000), [18, 0, 350_000], 1],
    ["url schemes without a password", x("postgres://user@", 30_000), null, 0],
    ["url user that never ends", `postgres://${x("u", 300_000)}`, null, 0],
    ["underscores", x("_", 300_000), null, 0],
    ["dashes", x("-", 300_000), null, 0],
    ["assignments without a value", x("AWS_SECRET_ACCESS_KEY= ", 20_000), null, 0],
    ["temporary key ids glued into one word", x("ASIA", 100_000), null, 0],
    ["literals glued after words", x("xASIAZZZZZZZZZZZZZZZZ x-----BEGIN X ", 10_000), null, 0],
    ["a private key right after a word", `x${PEM_HEADER}${x("MIIE", 10)}`, [22, 1, 69], 1],
  ] as const)("finds the right result on %s", (_, text, expected, count) => {
    const found = first(text);
    expect(found && [found.rule, found.index, found.end]).toEqual(expected);
    expect(all(text)).toHaveLength(count);
  });
});
