import { describe, expect, it } from "vitest";
import { createStyle } from "./create-style.js";
import { formatTable, preview } from "./format-table.js";

describe("formatTable", () => {
  it("aligns columns two spaces apart, right-aligns numbers, and trims trailing space", () => {
    const text = formatTable(
      [{ header: "ID", align: "right" }, { header: "NAME" }, { header: "NOTE" }],
      [
        ["7", "droplet", ""],
        ["123", "lab-ovh", "busy"],
      ],
      createStyle(false),
    );
    expect(text).toBe(" ID  NAME     NOTE\n  7  droplet\n123  lab-ovh  busy\n");
  });

  it("ignores colour codes when measuring", () => {
    const text = formatTable(
      [{ header: "A" }, { header: "B" }],
      [[createStyle(true).red("xy"), "z"]],
      createStyle(false),
    );
    expect(text.split("\n")[1]).toBe(`${createStyle(true).red("xy")}  z`);
  });
});

describe("preview", () => {
  it.each([
    ["short", 10, "short"],
    ["first\nsecond", 20, "first …"],
    ["abcdefghij", 5, "abcd…"],
    ["trailing newline\n", 30, "trailing newline"],
  ])("previews %j in %i characters as %j", (text, max, expected) => {
    expect(preview(text, max)).toBe(expected);
  });
});
