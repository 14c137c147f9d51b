/** A sent message's state, as the gateway names it. */
export type ReceiptState = "sent" | "delivered" | "read" | "answered" | "expired";

const STATES: readonly ReceiptState[] = ["sent", "delivered", "read", "answered", "expired"];

/** Where a sent message stands, as a row of the gateway tells it. */
export interface Receipt {
  state: ReceiptState;
  /** When it reached that state. */
  at: string | null;
  /** Every state it went through, in the order they happen, each with its time. */
  steps: { state: ReceiptState; at: string }[];
  /** The answer of an answered question. */
  answerId: number | null;
  /** A question's deadline, if it has one. */
  replyBy: string | null;
}

/**
 * The receipt of a message row: the gateway's `state` when it gives one, else derived from the
 * times it gives (`answered`, else `expired`, else `read`, else `delivered`, else `sent`), with
 * the time of that state. A gateway without receipts gives `read` or `sent` from `read_at`.
 */
export function receiptOf(row: Record<string, unknown>): Receipt {
  const time = (field: string) => (typeof row[field] === "string" ? (row[field] as string) : null);
  const steps: Receipt["steps"] = [];
  for (const [state, field] of [
    ["sent", "created_at"],
    ["delivered", "delivered_at"],
    ["read", "read_at"],
    ["answered", "answered_at"],
    ["expired", "expired_at"],
  ] as const) {
    const at = time(field);
    if (at !== null) steps.push({ state, at });
  }
  const reached = (state: ReceiptState) => steps.some((step) => step.state === state);
  const derived: ReceiptState = reached("answered")
    ? "answered"
    : reached("expired")
      ? "expired"
      : reached("read")
        ? "read"
        : reached("delivered")
          ? "delivered"
          : "sent";
  const given = row["state"];
  const state = STATES.includes(given as ReceiptState) ? (given as ReceiptState) : derived;
  const answerId = row["answer_id"];
  return {
    state,
    at: state === "sent" ? time("created_at") : time(`${state}_at`),
    steps,
    answerId: typeof answerId === "number" ? answerId : null,
    replyBy: time("reply_by"),
  };
}
