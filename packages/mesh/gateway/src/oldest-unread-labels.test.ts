import { describe, expect, it } from "vitest";
import { oldestUnreadLabels } from "./oldest-unread-labels.js";

const NOW = Date.parse("2026-01-01T00:01:40.000Z");
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

describe("oldestUnreadLabels", () => {
  it.each([
    ["no unread message: no series", [], 3, []],
    [
      "oldest first, each peer named while within the bound",
      [
        { peer: "bob", createdAt: at(10) },
        { peer: "ann", createdAt: at(100) },
      ],
      3,
      [
        { peer: "ann", seconds: 100 },
        { peer: "bob", seconds: 10 },
      ],
    ],
    [
      "past the bound the youngest are summed under other",
      [
        { peer: "a1", createdAt: at(1) },
        { peer: "a2", createdAt: at(2) },
        { peer: "a3", createdAt: at(3) },
        { peer: "a4", createdAt: at(4) },
      ],
      2,
      [
        { peer: "a4", seconds: 4 },
        { peer: "a3", seconds: 3 },
        { peer: "other", seconds: 3 },
      ],
    ],
    [
      "a clock behind a stored time counts 0",
      [{ peer: "ann", createdAt: at(-5) }],
      3,
      [{ peer: "ann", seconds: 0 }],
    ],
  ] as const)("%s", (_name, oldest, max, series) => {
    expect(oldestUnreadLabels(oldest, NOW, max)).toEqual(series);
  });

  it("never names more than the bound plus other, however many peers wait", () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      peer: `p${index}`,
      createdAt: at(index),
    }));
    const series = oldestUnreadLabels(many, NOW);
    expect(series).toHaveLength(21);
    expect(series.at(-1)!.peer).toBe("other");
    expect(series[0]).toEqual({ peer: "p499", seconds: 499 });
  });
});
