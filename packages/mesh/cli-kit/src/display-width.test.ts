import { describe, expect, it } from "vitest";
import { createStyle } from "./create-style.js";
import { displayWidth } from "./display-width.js";

describe("displayWidth", () => {
  it.each([
    ["", 0],
    ["lab-ovh", 7],
    ["評審-PR12", 9],
    ["日本語", 6],
    ["한국어", 6],
    ["ｆｕｌｌ", 8],
    ["カタカナ", 8],
    ["🚀", 2],
    ["ok ✅", 5],
    ["👩‍💻", 2],
    ["🇯🇵", 2],
    ["❤️", 2],
    ["❤", 1],
    ["é", 1],
    ["e\u0301", 1],
    ["a\u200bb", 2],
    ["naïve…", 6],
  ])("%j takes %i columns", (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it("gives colour codes no width", () => {
    expect(displayWidth(createStyle(true).red("評審"))).toBe(4);
  });
});
