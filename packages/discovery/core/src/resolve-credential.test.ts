import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { envValue, resolveCredential } from "./resolve-credential.js";

describe("resolveCredential", () => {
  it.each<[ReadonlyArray<string | undefined | null>, string | undefined]>([
    [[], undefined],
    [[undefined], undefined],
    [[null, undefined], undefined],
    [["", "   ", "\t\n"], undefined],
    [["key"], "key"],
    [["  key  "], "key"],
    [["", "second"], "second"],
    [[undefined, null, " third "], "third"],
    [["first", "second"], "first"],
    [["  ", "sk-abc"], "sk-abc"],
  ])("resolveCredential(%j) = %j", (candidates, expected) => {
    expect(resolveCredential(...candidates)).toBe(expected);
  });

  it("returns the first non-blank candidate, trimmed", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: undefined })), (candidates) => {
        const expected = candidates.map((c) => c?.trim()).find((c) => c !== undefined && c !== "");
        expect(resolveCredential(...candidates)).toBe(expected);
      }),
    );
  });
});

describe("envValue", () => {
  const name = "DISCOVERY_CORE_TEST_VARIABLE";
  afterEach(() => {
    delete process.env[name];
  });

  it("reads a set variable as is", () => {
    process.env[name] = " value ";
    expect(envValue(name)).toBe(" value ");
  });

  it("gives undefined for an unset variable", () => {
    expect(envValue(name)).toBeUndefined();
  });
});
