import { describe, expect, it } from "vitest";
import { dataAgeDays } from "./data-age.js";

describe("dataAgeDays", () => {
  it.each([
    ["2026-09-23", "2026-11-27T23:59:00Z", 65],
    ["2026-11-27", "2026-11-27T00:00:00Z", 0],
    ["2026-11-28", "2026-11-27T12:00:00Z", 0],
    ["2024-02-28", "2024-03-01T00:00:00Z", 2],
    ["not a day", "2026-11-27T00:00:00Z", 0],
  ])("counts whole UTC days from %s to %s: %i", (day, now, days) => {
    expect(dataAgeDays(day, new Date(now))).toBe(days);
  });
});
