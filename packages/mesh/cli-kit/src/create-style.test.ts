import { describe, expect, it } from "vitest";
import { colorEnabled, createStyle } from "./create-style.js";

describe("colorEnabled", () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ FORCE_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "" }, false, true],
    [{ FORCE_COLOR: "0" }, true, false],
    [{ FORCE_COLOR: "false" }, true, false],
    [{ FORCE_COLOR: "1", NO_COLOR: "1" }, true, false],
    [{ TERM: "dumb" }, true, false],
  ])("env %j on a terminal=%s gives %s", (env, isTTY, expected) => {
    expect(colorEnabled(env, isTTY)).toBe(expected);
  });
});

describe("createStyle", () => {
  it("leaves text untouched when colour is off and wraps it when on", () => {
    expect(createStyle(false).red("x")).toBe("x");
    expect(createStyle(true).red("x")).toMatch(/^\x1b\[\d+mx\x1b\[\d+m$/);
  });
});
