import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceFindAll, referenceFindSecret } from "../test/reference.js";
import { AcceleratedEngine } from "./accelerate-engine.js";
import { EXTRA_EXTENSION, extraExtension } from "./extra-extension.js";
import { type RuleExtension, scanAll, scanFirst } from "./scanner.js";

/** No rules of its own: only the faster reads of the spec's engine. */
const ACCELERATED: RuleExtension = {
  rules: [],
  awsMarkers: [],
  engine: (text, triggers) => new AcceleratedEngine(text, triggers),
  scanner: () => ({ end: 0, next: () => Infinity, match: () => 0 }),
};

/** The extra rules with the engine accelerated whatever the text's length (the default: 2048 on). */
const EXTRA_ACCELERATED = extraExtension(0);

/** Runs long enough for the regexes to take over, of units dense in class edges and context. */
const longRuns = fc
  .array(
    fc
      .tuple(
        fc.constantFrom(
          "a",
          "-",
          "_",
          "A",
          "0",
          "/",
          "+",
          "=",
          " ",
          "\n",
          "a-",
          "Ab/+",
          "sk-",
          "eyJ",
          ".",
          "aws",
          "AKIA",
          "ghp_",
          "MESH_GATEWAY_TOKEN",
          "é",
        ),
        fc.integer({ min: 1, max: 90 }),
      )
      .map(([unit, times]) => unit.repeat(times)),
    { maxLength: 6 },
  )
  .map((parts) => parts.join("").slice(0, 240));

describe("AcceleratedEngine", () => {
  it("leaves scanFirst's result as the spec's regexes have it", () => {
    fc.assert(
      fc.property(longRuns, (text) => {
        expect(scanFirst(text, ACCELERATED)).toEqual(referenceFindSecret(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("leaves scanAll's matches as the spec's regexes have them", () => {
    fc.assert(
      fc.property(longRuns, (text) => {
        expect(scanAll(text, ACCELERATED)).toEqual(referenceFindAll(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("leaves the extra rules' results as their regexes have them", () => {
    fc.assert(
      fc.property(longRuns, (text) => {
        for (const extension of [EXTRA_ACCELERATED, EXTRA_EXTENSION]) {
          expect(scanFirst(text, extension)).toEqual(referenceFindSecret(text, true));
          expect(scanAll(text, extension)).toEqual(referenceFindAll(text, true));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("finds a match wherever it starts in a long stretch without boundaries", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 130 }), fc.constantFrom("-", "_", "a"), (k, unit) => {
        const text = `${unit.repeat(k)}${unit === "a" ? "-" : ""}${"A".repeat(40)} aws`;
        const at = text.length - 44;
        const found = scanFirst(text, ACCELERATED);
        expect(found).toEqual(referenceFindSecret(text));
        if (unit === "-") expect(found).toEqual({ rule: 10, index: at, end: at + 40 });
      }),
    );
  });

  it("finds 40-character runs side by side on a line that ends in aws", () => {
    const run = fc.constantFrom(
      "Ab/+".repeat(10),
      "A".repeat(40),
      "A".repeat(39),
      "a".repeat(41),
      `${"a".repeat(39)}+`,
      "x/y",
    );
    const text = fc
      .array(fc.tuple(run, fc.constantFrom(" ", "-", "\n", " aws ")), { maxLength: 12 })
      .map((parts) => `${parts.map(([r, gap]) => r + gap).join("")} aws`);
    fc.assert(
      fc.property(text, (content) => {
        expect(scanFirst(content, ACCELERATED)).toEqual(referenceFindSecret(content));
        expect(scanAll(content, ACCELERATED)).toEqual(referenceFindAll(content));
      }),
      { numRuns: 1000 },
    );
  });

  it("finds the first match after literals, or the parts they are searched by, by the hundred that start none", () => {
    const unit = fc.constantFrom(
      "-AKIA",
      "xKIA ",
      "AIz-",
      "sk-a ",
      "gh",
      "ghp_a ",
      "pypi-a ",
      "xai-a ",
      `eyJ${"a".repeat(15)}.`,
      // Only the part a cursor searches by, without what its literal starts with.
      "yJ ",
      "KIA ",
      "Iza ",
      "ypi- ",
      "k-",
      " ",
    );
    const token = fc.constantFrom(
      `sk-ant-${"a".repeat(20)}`,
      `sk-admin-${"b".repeat(20)}`,
      `sk-${"0".repeat(32)}`,
      `AKIA${"Q".repeat(16)}`,
      `AIza${"z".repeat(35)}`,
      `ghp_${"c".repeat(30)}`,
      `pypi-${"d".repeat(20)}`,
      `xai-${"e".repeat(40)}`,
      `eyJ${"f".repeat(15)}.eyJ${"g".repeat(15)}.${"h".repeat(15)}`,
    );
    const text = fc
      .array(fc.tuple(unit, fc.integer({ min: 1, max: 60 })), { minLength: 1, maxLength: 4 })
      .chain((runs) => fc.tuple(fc.constant(runs), fc.array(token, { maxLength: 3 })))
      .map(([runs, tokens]) =>
        runs.map(([u, times], i) => `${u.repeat(times)} ${tokens[i] ?? ""} `).join(""),
      );
    fc.assert(
      fc.property(text, (content) => {
        expect(scanFirst(content, ACCELERATED)).toEqual(referenceFindSecret(content));
        expect(scanAll(content, ACCELERATED)).toEqual(referenceFindAll(content));
      }),
      { numRuns: 700 },
    );
  });

  it("passes over the boundaries of base64 lines exactly where the plain engine finds nothing", () => {
    // Long base64 runs dense in boundaries, their context words before, after and on other lines.
    const b64 = fc
      .array(fc.constantFrom("a", "Z", "9", "+", "/", "=", "ab", "Q7x", "+/"), {
        minLength: 10,
        maxLength: 120,
      })
      .map((units) => units.join(""));
    const other = fc.constantFrom(
      " aws ",
      "aws",
      " MESH_GATEWAY_TOKEN ",
      "MESH_GATEWAY_TOKEN",
      "\n",
      " ",
      "-",
      "_",
      " AKIA",
      "A".repeat(40),
      "b".repeat(48),
    );
    const text = fc
      .array(fc.oneof(b64, other), { minLength: 1, maxLength: 10 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (content) => {
        expect(scanFirst(content, ACCELERATED)).toEqual(scanFirst(content));
        expect(scanAll(content, ACCELERATED)).toEqual(scanAll(content));
        expect(scanAll(content, EXTRA_ACCELERATED)).toEqual(referenceFindAll(content, true));
      }),
      { numRuns: 1500 },
    );
  });

  it.each([
    [
      "a flood of dashes, a token after it",
      `${"-".repeat(200_000)} ${"A".repeat(40)} aws`,
      [10, 200_001, 200_041],
    ],
    [
      "a flood of underscores, the name after it",
      `${"_".repeat(200_000)}${"a".repeat(48)} MESH_GATEWAY_TOKEN`,
      [12, 0, 200_048],
    ],
    ["one long word", `${"ASIA".repeat(50_000)} aws`, null],
  ] as const)("finds the right result on %s", (_, text, expected) => {
    const found = scanFirst(text, ACCELERATED);
    expect(found && [found.rule, found.index, found.end]).toEqual(expected);
  });
});
