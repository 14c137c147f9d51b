import { describe, expect, it } from "vitest";
import { type BillingMoney, moneyToNumber } from "./money-to-number.js";

describe("moneyToNumber", () => {
  it.each<[BillingMoney, number]>([
    [{ units: "10", nanos: 500_000_000 }, 10.5],
    [{ units: "0", nanos: 35_000 }, 0.000035],
    [{ units: "-1", nanos: -500_000_000 }, -1.5],
    [{}, 0],
    [{ units: "0", nanos: 1250 }, 0.00000125],
    [{ units: "3" }, 3],
    [{ nanos: 125_000 }, 0.000125],
  ])("reads %j as %d", (money, expected) => {
    expect(moneyToNumber(money)).toBe(expected);
  });
});
