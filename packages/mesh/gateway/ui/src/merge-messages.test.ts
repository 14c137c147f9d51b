import { describe, expect, it } from "vitest";
import { mergeMessages } from "./merge-messages.js";

const m = (id: number, version = "fresh") => ({ id, version });

describe("mergeMessages", () => {
  it.each<[string, ReturnType<typeof m>[], ReturnType<typeof m>[], ReturnType<typeof m>[]]>([
    ["nothing", [], [], []],
    [
      "a live message the reading missed, in id order",
      [m(1), m(3)],
      [m(2, "live")],
      [m(1), m(2, "live"), m(3)],
    ],
    ["the fresh copy of a message in both", [m(2)], [m(2, "old")], [m(2)]],
    ["only kept ones", [], [m(5, "live"), m(4, "live")], [m(4, "live"), m(5, "live")]],
  ])("merges %s", (_, fresh, kept, expected) => {
    expect(mergeMessages(fresh, kept)).toEqual(expected);
  });
});
