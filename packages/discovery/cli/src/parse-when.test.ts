import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseWhen } from "./parse-when.js";

const NOW = new Date("2026-05-09T15:30:00Z");

describe("parseWhen", () => {
  it.each([
    ["0d", "2026-05-09T00:00:00.000Z"],
    ["7d", "2026-05-02T00:00:00.000Z"],
    ["2026-05-01", "2026-05-01T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2026-05-01T12:30:00Z", "2026-05-01T12:30:00.000Z"],
    ["2026-05-01T12:30:00+02:00", "2026-05-01T10:30:00.000Z"],
  ])("reads %j as %s", (text, iso) => {
    expect(parseWhen(text, NOW).toISOString()).toBe(iso);
  });

  it.each([
    "",
    "yesterday",
    "7",
    "7w",
    "-7d",
    "2026-02-30",
    "2026-13-01",
    "2026-05-01T12:30:00",
    "1e3d",
  ])("refuses %j", (text) => {
    expect(() => parseWhen(text, NOW)).toThrow(/expected/);
  });

  it("either refuses any text or gives a valid date", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        let value: Date;
        try {
          value = parseWhen(text, NOW);
        } catch (error) {
          expect((error as Error).message).toMatch(/expected/);
          return;
        }
        expect(Number.isNaN(value.getTime())).toBe(false);
      }),
    );
  });
});
