import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isRetired } from "./is-retired.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("isRetired", () => {
  it.each([
    ["grok", "grok-4", "2026-05-14", false],
    ["grok", "grok-4", "2026-05-15", true],
    ["grok", "grok-4", "2026-05-16", true],
    ["grok", "grok-code-fast-1", "2026-05-14", false],
    ["grok", "grok-code-fast-1", "2026-05-15", true],
    ["xai", "grok-4", "2026-05-15", true],
    ["grok", "x-ai/grok-4", "2026-05-15", true],
    ["xai", "x-ai/grok-4", "2026-05-14", false],
    ["claude", "claude-sonnet-3-7", "2099-01-01", false],
    ["claude", "claude-opus-3", "2099-01-01", false],
    ["anthropic", "claude-opus-3", "2099-01-01", false],
    ["openai", "gpt-4o", "2099-01-01", false],
  ])("(%s, %s) on %s is %s (the retirement registry)", (provider, id, today, retired) => {
    expect(isRetired(provider, id, { today })).toBe(retired);
  });

  it("takes a Date at its UTC calendar day", () => {
    expect(isRetired("grok", "grok-4", { today: new Date("2026-05-14T23:59:59.999Z") })).toBe(
      false,
    );
    expect(isRetired("grok", "grok-4", { today: new Date("2026-05-15T00:00:00Z") })).toBe(true);
    // 2026-05-14 at 17:00 in UTC-8 is already 2026-05-15 in UTC.
    expect(isRetired("grok", "grok-4", { today: new Date("2026-05-14T17:00:00-08:00") })).toBe(
      true,
    );
    expect(isRetired("grok", "grok-4", { today: new Date("2026-05-16T12:00:00Z") })).toBe(true);
  });

  it("defaults today to the current UTC date", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-05-14T23:59:59Z"));
    expect(isRetired("grok", "grok-4")).toBe(false);
    vi.setSystemTime(new Date("2026-05-15T00:00:00Z"));
    expect(isRetired("grok", "grok-4")).toBe(true);
  });

  it.each([
    "2026-02-30",
    "2026-13-01",
    "2026-5-15",
    "deprecated",
    "soon",
    "",
    "2026-05-15T00:00:00Z",
  ])("is false for the unparseable stored value %j", (stored) => {
    const registry = { "grok/grok-9": stored };
    expect(isRetired("grok", "grok-9", { registry, today: "9999-12-31" })).toBe(false);
  });

  // Spec: is_retired never raises and is true only when `today` is on or after the date; a
  // `today` that names no day cannot be, so even a model retired long ago is not reported.
  it.each([
    ["2026-02-30"],
    ["2026-5-15"],
    ["yesterday"],
    [""],
    [new Date("not a date")],
    [20260515],
    [{}],
  ])("is false, never an exception, for the bad today %j", (today) => {
    expect(isRetired("grok", "grok-4", { today: today as string })).toBe(false);
    expect(isRetired("openai", "gpt-4o", { today: today as string })).toBe(false);
  });

  it("takes a null today as the current UTC date, like a missing one", () => {
    const today = null as unknown as string;
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-14T23:59:59Z") });
    expect(isRetired("grok", "grok-4", { today })).toBe(false);
    vi.setSystemTime(new Date("2026-05-15T00:00:00Z"));
    expect(isRetired("grok", "grok-4", { today })).toBe(true);
    vi.useRealTimers();
  });

  it.each([null, 5, "x"])("never throws for options %j", (options) => {
    const given = options as unknown as { today?: string };
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T00:00:00Z") });
    expect(isRetired("grok", "grok-4", given)).toBe(true);
    expect(isRetired("claude", "claude-opus-3", given)).toBe(false);
    vi.useRealTimers();
  });

  it("is retired exactly when today is on or after a valid stored date", () => {
    const day = fc
      .date({
        min: new Date("1970-01-01T00:00:00Z"),
        max: new Date("2200-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (stored, today) => {
        const registry = { "xai/m": stored };
        expect(isRetired("grok", "x-ai/m", { registry, today })).toBe(today >= stored);
      }),
    );
  });

  it("never throws for any provider and id with a valid today", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (provider, id) => {
        expect(typeof isRetired(provider, id, { today: "2026-05-15" })).toBe("boolean");
      }),
    );
  });
});
