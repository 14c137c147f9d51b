import { describe, expect, it } from "vitest";
import { type Receipt, receiptOf } from "./receipt-of.js";

const SENT = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:05:00.000Z";
const DUE = "2026-01-02T00:00:00.000Z";

describe("receiptOf", () => {
  it.each<[string, Record<string, unknown>, Pick<Receipt, "state" | "at">]>([
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
      "an answered row that had expired first",
      { created_at: SENT, expired_at: SENT, answered_at: LATER },
      { state: "answered", at: LATER },
    ],
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
  ])("reads the state of %s", (_, row, expected) => {
    expect(receiptOf(row)).toMatchObject(expected);
  });

  it("lists each state reached with its time, in the order they happen", () => {
    const row = {
      created_at: SENT,
      delivered_at: SENT,
      read_at: LATER,
      answered_at: LATER,
      answer_id: 9,
      reply_by: DUE,
      expired_at: null,
      state: "answered",
    };
    expect(receiptOf(row)).toEqual({
      state: "answered",
      at: LATER,
      steps: [
        { state: "sent", at: SENT },
        { state: "delivered", at: SENT },
        { state: "read", at: LATER },
        { state: "answered", at: LATER },
      ],
      answerId: 9,
      replyBy: DUE,
    });
  });

  it("gives no answer and no deadline when the row has none", () => {
    expect(receiptOf({ created_at: SENT, answer_id: null, reply_by: null })).toMatchObject({
      answerId: null,
      replyBy: null,
    });
  });
});
