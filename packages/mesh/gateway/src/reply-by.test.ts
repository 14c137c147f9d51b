import { MAX_REPLY_BY_MS } from "@mesh/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error.js";
import { replyByOf } from "./reply-by.js";

const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.code}` : "other error";
  }
  return "accepted";
};

describe("replyByOf", () => {
  it.each([
    ["absent", undefined, "question", null],
    ["null", null, "question", null],
    ["now", "2026-03-01T12:00:00Z", "question", "2026-03-01T12:00:00.000Z"],
    [
      "an offset is normalized to UTC",
      "2026-03-02T14:00:00+02:00",
      "question",
      "2026-03-02T12:00:00.000Z",
    ],
    ["exactly 30 days ahead", "2026-03-31T12:00:00Z", "question", "2026-03-31T12:00:00.000Z"],
  ] as const)("accepts %s", (_name, replyBy, kind, expected) => {
    expect(replyByOf(replyBy, kind, NOW)).toBe(expected);
  });

  it.each([
    ["a time in the past", "2026-03-01T11:59:59Z", "question"],
    ["a time past 30 days", "2026-03-31T12:00:01Z", "question"],
    ["a deadline on another kind", "2026-03-02T12:00:00Z", "fyi"],
  ] as const)("refuses %s with 400 invalid_body", (_name, replyBy, kind) => {
    expect(refusal(() => replyByOf(replyBy, kind, NOW))).toBe("400 invalid_body");
  });

  it("accepts exactly the times from now to 30 days ahead", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2 * MAX_REPLY_BY_MS, max: 2 * MAX_REPLY_BY_MS }), (offset) => {
        const replyBy = new Date(NOW + offset).toISOString();
        const inside = offset >= 0 && offset <= MAX_REPLY_BY_MS;
        expect(refusal(() => replyByOf(replyBy, "question", NOW))).toBe(
          inside ? "accepted" : "400 invalid_body",
        );
      }),
    );
  });
});
