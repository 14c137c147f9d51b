import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { timestamptzToIso } from "./postgres-timestamp.js";

const driver = (text: string) => (pg.types.getTypeParser(1184, "text")(text) as Date).toISOString();

/** PostgreSQL's text of a UTC `timestamptz`: `ms` since the epoch plus `micros` (0 to 999). */
function postgresText(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, "0")}`.replace(/0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction === "" ? "" : `.${fraction}`}+00`;
}

describe("timestamptzToIso", () => {
  it.each([
    ["2026-11-26 11:30:47.123456+00", "2026-11-26T11:30:47.123Z"],
    ["2026-11-26 11:30:47.9999+00", "2026-11-26T11:30:47.999Z"],
    ["2026-11-26 11:30:47.12+00", "2026-11-26T11:30:47.120Z"],
    ["2026-11-26 11:30:47+00", "2026-11-26T11:30:47.000Z"],
    ["2026-11-26 12:30:47.5+01", "2026-11-26T11:30:47.500Z"],
    ["2026-11-26 17:00:47.25+05:30", "2026-11-26T11:30:47.250Z"],
  ])("reads %s as %s", (text, iso) => {
    expect(timestamptzToIso(text)).toBe(iso);
  });

  it("leaves infinity to the driver", () => {
    expect(timestamptzToIso("infinity")).toBe(Number.POSITIVE_INFINITY);
  });

  it("agrees with the driver's Date and toISOString on every UTC instant of years 1000 to 9999", () => {
    const min = Date.UTC(1000, 0, 1);
    const max = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(fc.integer({ min, max }), fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        const text = postgresText(ms, micros);
        expect(timestamptzToIso(text)).toBe(driver(text));
      }),
      { numRuns: 2000 },
    );
  });
});
