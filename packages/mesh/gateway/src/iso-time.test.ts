import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoTime } from "./iso-time.js";

describe("isoTime", () => {
  it("formats any millisecond like Date#toISOString, repeated or not", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 8_640_000_000_000 }), { maxLength: 20 }),
        (times) => {
          for (const ms of [...times, ...times.toReversed()]) {
            expect(isoTime(ms)).toBe(new Date(ms).toISOString());
          }
        },
      ),
    );
  });

  it("defaults to the current time", () => {
    const before = Date.now();
    const parsed = Date.parse(isoTime());
    expect(parsed).toBeGreaterThanOrEqual(before);
    expect(parsed).toBeLessThanOrEqual(Date.now());
  });
});
