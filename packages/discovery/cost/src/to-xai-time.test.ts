import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toXaiTime } from "./to-xai-time.js";

describe("toXaiTime", () => {
  it.each([
    ["2026-05-01T00:00:00Z", "2026-05-01 00:00:00"],
    ["2026-05-01T00:00:00+00:00", "2026-05-01 00:00:00"],
    ["2026-05-01T12:30:00+02:00", "2026-05-01 12:30:00"],
    ["2026-05-01T12:30:00-05:00", "2026-05-01 12:30:00"],
    ["2026-05-01T12:30:00+0530", "2026-05-01 12:30:00"],
    ["2026-05-01T00:00:00.123Z", "2026-05-01 00:00:00.123"],
    ["2026-05-01T00:00:00", "2026-05-01 00:00:00"],
    ["2026-05-01 00:00:00", "2026-05-01 00:00:00"],
    ["2026-05-01", "2026-05-01"],
  ])("%s -> %s", (input, expected) => {
    expect(toXaiTime(input)).toBe(expected);
  });

  const date = fc
    .date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    })
    .map((value) => value.toISOString().slice(0, 19));
  const offset = fc.oneof(
    fc.constant("Z"),
    fc
      .tuple(
        fc.constantFrom("+", "-"),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 59 }),
      )
      .map(([sign, h, m]) => `${sign}${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
  );
  const fraction = fc.option(
    fc.integer({ min: 0, max: 999 }).map((ms) => `.${String(ms).padStart(3, "0")}`),
    { nil: "" },
  );

  it("keeps the clock time and drops the zone of any ISO date-time", () => {
    fc.assert(
      fc.property(date, fraction, offset, (local, frac, zone) => {
        const native = toXaiTime(`${local}${frac}${zone}`);
        expect(native).toBe(`${local.replace("T", " ")}${frac}`);
        expect(native).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{3})?$/);
      }),
    );
  });

  it("returns text without a T unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes("T")),
        (text) => {
          expect(toXaiTime(text)).toBe(text);
        },
      ),
    );
  });

  it("leaves its own output unchanged", () => {
    fc.assert(
      fc.property(date, fraction, offset, (local, frac, zone) => {
        const native = toXaiTime(`${local}${frac}${zone}`);
        expect(toXaiTime(native)).toBe(native);
      }),
    );
  });
});
