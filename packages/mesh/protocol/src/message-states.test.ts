import { describe, expect, it } from "vitest";
import { messageState, type ReceiptFields } from "./message-states.js";

const AT = "2026-01-01T00:00:00.000Z";
const none: ReceiptFields = {
  delivered_at: null,
  read_at: null,
  answered_at: null,
  expired_at: null,
};

describe("messageState", () => {
  it.each([
    ["nothing set is sent", none, "sent"],
    ["delivered only", { ...none, delivered_at: AT }, "delivered"],
    ["read wins over delivered", { ...none, delivered_at: AT, read_at: AT }, "read"],
    ["read without delivery is read", { ...none, read_at: AT }, "read"],
    [
      "expired wins over read",
      { ...none, delivered_at: AT, read_at: AT, expired_at: AT },
      "expired",
    ],
    [
      "answered wins over expired",
      { ...none, read_at: AT, expired_at: AT, answered_at: AT },
      "answered",
    ],
    ["answered alone", { ...none, answered_at: AT }, "answered"],
  ] as const)("%s", (_name, row, state) => {
    expect(messageState(row)).toBe(state);
  });
});
