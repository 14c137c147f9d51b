/**
 * Where a message stands for its sender, latest first in precedence: `answered`, else
 * `expired`, else `read`, else `delivered`, else `sent`.
 */
export const MESSAGE_STATES = ["sent", "delivered", "read", "expired", "answered"] as const;

export type MessageState = (typeof MESSAGE_STATES)[number];

/** The receipt fields a state is computed from. */
export interface ReceiptFields {
  delivered_at: string | null;
  read_at: string | null;
  answered_at: string | null;
  expired_at: string | null;
}

/** The `state` of a message row from its receipt fields. */
export function messageState(row: ReceiptFields): MessageState {
  if (row.answered_at !== null) return "answered";
  if (row.expired_at !== null) return "expired";
  if (row.read_at !== null) return "read";
  return row.delivered_at !== null ? "delivered" : "sent";
}
