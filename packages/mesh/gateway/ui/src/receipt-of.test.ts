import { describe, expect, it } from "vitest";
import { receiptOf } from "./receipt-of.js";

const SENT = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:05:00.000Z";

describe("receiptOf", () => {
  it.each<[string, Record<string, unknown>, { state: string; at: string | null }]>([
    [
      "an unread row of an older gateway",
      { created_at: SENT, read_at: null },
      { state: "sent", at: SENT },
    ],
    [
      "a read row of an older gateway",
      { created_at: SENT, read_at: LATER },
      { state: "read", at: LATER },
    ],
    [
      "a delivered row",
      { created_at: SENT, delivered_at: LATER, read_at: null },
      { state: "delivered", at: LATER },
    ],
    [
      "an answered row, answered winning over read",
      { created_at: SENT, delivered_at: SENT, read_at: SENT, answered_at: LATER },
      { state: "answered", at: LATER },
    ],
    ["an expired row", { created_at: SENT, expired_at: LATER }, { state: "expired", at: LATER }],
    [
      "the gateway's own state",
      { created_at: SENT, state: "delivered", delivered_at: LATER },
      { state: "delivered", at: LATER },
    ],
    [
      "a state this page does not know, as derived",
      { created_at: SENT, state: "teleported" },
      { state: "sent", at: SENT },
    ],
  ])("reads %s", (_, row, expected) => {
    expect(receiptOf(row)).toEqual(expected);
  });
});
