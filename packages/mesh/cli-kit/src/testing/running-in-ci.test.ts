import { describe, expect, it } from "vitest";
import { runningInCi } from "./running-in-ci.js";

describe("runningInCi", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["1", true],
    ["true", true],
  ])("reads CI=%j as %j", (value, expected) => {
    expect(runningInCi(value === undefined ? {} : { CI: value })).toBe(expected);
  });
});
