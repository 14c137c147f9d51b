import { describe, expect, it } from "vitest";
import { applyReceipt, type ReceiptEvent } from "./apply-receipt.js";

const SENT = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:05:00.000Z";
const row = { id: 7, created_at: SENT, read_at: null, state: "sent" };
const event = (state: string, messageId = 7): ReceiptEvent => ({
  message_id: messageId,
  to_node: "bob",
  state,
  at: LATER,
});

describe("applyReceipt", () => {
  it.each<[string, Record<string, unknown> & { id: number }, ReceiptEvent, unknown]>([
    [
      "moves a sent row to delivered with its time",
      row,
      event("delivered"),
      { ...row, state: "delivered", delivered_at: LATER },
    ],
    ["sets read_at on read", row, event("read"), { ...row, state: "read", read_at: LATER }],
    [
      "sets answered_at on answered",
      { ...row, state: "read", read_at: SENT },
      event("answered"),
      { ...row, state: "answered", read_at: SENT, answered_at: LATER },
    ],
    [
      "keeps a time the row already has",
      { ...row, state: "read", read_at: SENT },
      event("read"),
      { ...row, state: "read", read_at: SENT },
    ],
    [
      "records a late delivered without stepping back from read",
      { ...row, state: "read", read_at: SENT },
      event("delivered"),
      { ...row, state: "read", read_at: SENT, delivered_at: LATER },
    ],
    ["leaves another message alone", row, event("read", 8), row],
    ["ignores a state it does not know", row, event("teleported"), row],
    ["ignores sent (no time to set)", row, event("sent"), row],
  ])("%s", (_, before, receipt, after) => {
    expect(applyReceipt(before, receipt)).toEqual(after);
  });
});
