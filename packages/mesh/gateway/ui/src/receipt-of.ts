/** A sent message's state, as the gateway names it. */
export type ReceiptState = "sent" | "delivered" | "read" | "answered" | "expired";

const STATES: readonly ReceiptState[] = ["sent", "delivered", "read", "answered", "expired"];

/**
 * The receipt of a message row: the gateway's `state` when it gives one, else derived from the
 * times it gives (`answered`, else `expired`, else `read`, else `delivered`, else `sent`), with
 * the time of that state. A gateway without receipts gives `read` or `sent` from `read_at`.
 */
export function receiptOf(row: Record<string, unknown>): {
  state: ReceiptState;
  at: string | null;
} {
  const time = (field: string) => (typeof row[field] === "string" ? (row[field] as string) : null);
  const derived: ReceiptState =
    time("answered_at") !== null
      ? "answered"
      : time("expired_at") !== null
        ? "expired"
        : time("read_at") !== null
          ? "read"
          : time("delivered_at") !== null
            ? "delivered"
            : "sent";
  const given = row["state"];
  const state = STATES.includes(given as ReceiptState) ? (given as ReceiptState) : derived;
  return { state, at: state === "sent" ? time("created_at") : time(`${state}_at`) };
}
