/** A receipt event of the sender's stream: one of its messages changed state. */
export interface ReceiptEvent {
  message_id: number;
  to_node: string;
  state: string;
  at: string;
}

/** States by precedence: a row shows the highest it reached. */
const RANK = ["sent", "delivered", "read", "expired", "answered"];

/**
 * A message row as a receipt event leaves it: the time of the new state where the row had none
 * yet, and that state unless the row already stands higher (events can cross a reading). A
 * later reading of the row carries the rest, `answer_id` too.
 */
export function applyReceipt<T extends { id: number }>(row: T, event: ReceiptEvent): T {
  const rank = RANK.indexOf(event.state);
  if (row.id !== event.message_id || rank < 1) return row;
  const fields = row as Record<string, unknown>;
  const field = `${event.state}_at`;
  const current = RANK.indexOf(typeof fields["state"] === "string" ? fields["state"] : "sent");
  return {
    ...row,
    ...(typeof fields[field] === "string" ? {} : { [field]: event.at }),
    ...(rank > current ? { state: event.state } : {}),
  };
}
