import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, isErrorCode } from "./error-codes.js";

describe("isErrorCode", () => {
  it("accepts every listed code", () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
  });

  it("lists each code once, in snake_case", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("refuses anything else", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(isErrorCode(value)).toBe((ERROR_CODES as readonly unknown[]).includes(value));
      }),
    );
  });
});
