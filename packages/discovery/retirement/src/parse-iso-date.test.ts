import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseIsoDate, utcDayOf } from "./parse-iso-date.js";

describe("parseIsoDate", () => {
  it.each([
    ["2026-05-15", 20260515],
    ["2024-02-29", 20240229],
    ["2000-02-29", 20000229],
    ["0001-01-01", 10101],
    ["9999-12-31", 99991231],
  ])("reads %s", (input, day) => {
    expect(parseIsoDate(input)).toBe(day);
  });

  it.each([
    "2026-02-30",
    "2026-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-05-00",
    "2026-5-15",
    "2026-05-15T00:00:00Z",
    " 2026-05-15",
    "2026/05/15",
    "２０２６-05-15",
    "deprecated",
    "",
  ])("rejects %j", (input) => {
    expect(parseIsoDate(input)).toBeNull();
  });

  it.each([null, undefined, 20260515, {}])("rejects the non-string %j", (input) => {
    expect(parseIsoDate(input)).toBeNull();
  });

  it("agrees with the Date constructor's UTC reading for every day it can name", () => {
    const day = fc.date({
      min: new Date("0001-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, (date) => {
        const iso = date.toISOString().slice(0, 10);
        expect(parseIsoDate(iso)).toBe(utcDayOf(date));
      }),
    );
  });
});

describe("utcDayOf", () => {
  it("takes the UTC calendar day, not the local one", () => {
    expect(utcDayOf(new Date("2026-05-14T23:30:00-08:00"))).toBe(20260515);
    expect(utcDayOf(new Date("2026-05-15T00:00:00+02:00"))).toBe(20260514);
  });

  it("gives null for an invalid Date", () => {
    expect(utcDayOf(new Date("nope"))).toBeNull();
  });
});
