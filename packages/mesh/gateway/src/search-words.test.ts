import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fts5Match, holdsWords, searchWords, tsQuery } from "./search-words.js";

describe("searchWords", () => {
  it.each([
    ["Deploy the STAGING", ["deploy", "the", "staging"]],
    ["src/index.ts:42", ["src", "index", "ts", "42"]],
    ["héllo wörld 日本語", ["héllo", "wörld", "日本語"]],
    ['"quote" OR * NEAR(', ["quote", "or", "near"]],
    ["?!", []],
  ])("splits %j into %j", (q, words) => {
    expect(searchWords(q)).toEqual(words);
  });

  it("makes index queries that hold only words and the operators it adds", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (q) => {
        const words = searchWords(q);
        if (words.length === 0) return;
        expect(fts5Match(words)).toMatch(/^("[\p{L}\p{N}]+" )*"[\p{L}\p{N}]+"\*$/u);
        expect(tsQuery(words)).toMatch(/^([\p{L}\p{N}]+ & )*[\p{L}\p{N}]+:\*$/u);
      }),
    );
  });
});

describe("holdsWords", () => {
  it.each([
    ["Deploy the STAGING build", ["deploy", "stag"], true],
    ["Deploy the STAGING build", ["staging", "dep"], true],
    ["Deploy the STAGING build", ["stag", "build"], false],
    ["redeploy", ["deploy"], false],
    ["src/index.ts:42", ["index", "4"], true],
    ["héllo wörld", ["wörld", "hé"], true],
    ["", ["a"], false],
  ])("judges %j against %j as %j", (content, words, holds) => {
    expect(holdsWords(content, words)).toBe(holds);
  });

  it("holds every text for the words searchWords finds in it", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (content) => {
        const words = searchWords(content);
        if (words.length > 0) expect(holdsWords(content, words)).toBe(true);
      }),
    );
  });
});
