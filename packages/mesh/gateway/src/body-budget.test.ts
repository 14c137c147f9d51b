import { describe, expect, it } from "vitest";
import { BodyBudget } from "./body-budget.js";

describe("BodyBudget", () => {
  const cases: Array<[string, Array<["reserve" | "release", string, number, boolean?]>, number]> = [
    ["takes bytes within a key's eighth", [["reserve", "a", 100, true]], 100],
    [
      "refuses a key past its eighth",
      [
        ["reserve", "a", 100, true],
        ["reserve", "a", 1, false],
      ],
      100,
    ],
    [
      "refuses anyone past the total",
      [
        ...Array.from({ length: 8 }, (_, index): ["reserve", string, number, boolean] => [
          "reserve",
          `k${index}`,
          100,
          true,
        ]),
        ["reserve", "k9", 1, false],
      ],
      800,
    ],
    [
      "gives a released share back",
      [
        ["reserve", "a", 100, true],
        ["release", "a", 60],
        ["reserve", "a", 60, true],
      ],
      100,
    ],
  ];
  for (const [name, steps, held] of cases) {
    it(name, () => {
      const budget = new BodyBudget(800);
      for (const [action, key, bytes, expected] of steps) {
        if (action === "reserve") expect(budget.reserve(key, bytes)).toBe(expected);
        else budget.release(key, bytes);
      }
      expect(budget.held).toBe(held);
    });
  }
});
