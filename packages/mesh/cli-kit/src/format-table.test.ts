import { describe, expect, it } from "vitest";
import { createStyle } from "./create-style.js";
import { displayWidth } from "./display-width.js";
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

describe("formatTable with wide characters", () => {
  it("lines up columns by display width when cells hold CJK text and emoji", () => {
    const text = formatTable(
      [{ header: "THREAD" }, { header: "FROM" }, { header: "ID", align: "right" }],
      [
        ["評審-PR12", "alice", "1"],
        ["release", "bob", "22"],
        ["🚀 launch", "カタカナ", "333"],
        ["plain", "x", "4"],
      ],
      createStyle(false),
    );
    const lines = text.trimEnd().split("\n");
    // Each row's FROM cell starts at the same display column, and every ID ends at the same one.
    const fromColumns = lines.map((line, i) => {
      const from = i === 0 ? "FROM" : (["alice", "bob", "カタカナ", "x"][i - 1] ?? "");
      return displayWidth(line.slice(0, line.indexOf(from)));
    });
    expect(new Set(fromColumns)).toEqual(new Set([11]));
    expect(new Set(lines.map(displayWidth))).toEqual(new Set([24]));
    expect(lines[1]).toBe("評審-PR12  alice       1");
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
