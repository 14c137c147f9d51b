import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStorableJson } from "./storable-json.js";

const nest = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

describe("isStorableJson", () => {
  it.each([
    ["a flat object", { a: 1, b: "x" }, true],
    ["32 levels of nesting", nest(32), true],
    ["33 levels of nesting", nest(33), false],
    ["100000 levels of nesting", nest(100_000), false],
    ["a NUL in a string", { a: ["x\u0000y"] }, false],
    ["a NUL in a key", { "k\u0000": 1 }, false],
    ["Unicode and SQL text", { "ключ 🚀": "'; DROP TABLE peers; --" }, true],
  ])("judges %s", (_name, value, expected) => {
    expect(isStorableJson(value)).toBe(expected);
  });

  it("accepts every shallow JSON value without NUL characters", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        fc.pre(!JSON.stringify(value).includes("\\u0000"));
        expect(isStorableJson(value)).toBe(true);
      }),
    );
  });
});
