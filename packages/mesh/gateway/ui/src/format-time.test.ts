import { describe, expect, it } from "vitest";
import { formatAge, formatTime } from "./format-time.js";

describe("formatTime", () => {
  it.each<[string, string | null | undefined, string]>([
    ["a UTC time", "2026-11-27T03:24:28.123Z", "2026-11-27 03:24:28 UTC"],
    ["an offset time, shown in UTC", "2026-11-27T05:24:28+02:00", "2026-11-27 03:24:28 UTC"],
    ["no time", null, "—"],
    ["an absent time", undefined, "—"],
    ["an empty string", "", "—"],
    ["text that is no time, as it is", "soon", "soon"],
  ])("writes %s", (_, iso, expected) => {
    expect(formatTime(iso)).toBe(expected);
  });
});

describe("formatAge", () => {
  it.each<[number, string]>([
    [0, "0 s"],
    [59.9, "59 s"],
    [60, "1 min"],
    [3599, "59 min"],
    [3600, "1 h"],
    [86_399, "23 h"],
    [86_400, "1 d"],
    [-1, "—"],
    [Number.NaN, "—"],
  ])("writes %s seconds as %s", (seconds, expected) => {
    expect(formatAge(seconds)).toBe(expected);
  });
});
