import { readingOf } from "./access-checks.js";
import { type ReceiptRequest, receiptSender, sessionRecipient } from "./message-delivery.js";
import type { ReadingRequest } from "./message-reading.js";
import type { RequestState } from "./request-state.js";
import type { StreamAccess } from "./stream-route.js";

/**
 * What a stream may carry under the caller's rights: the messages of its reading, delivered
 * when it is the recipient's own session, and its sender's receipts where asked.
 */
export function streamAccess(
  state: RequestState,
  query: ReadingRequest & ReceiptRequest,
): StreamAccess {
  const reading = readingOf(state, query);
  return {
    reading,
    peer: state.identity.mode === "peer" ? state.identity.peer : undefined,
    recipient: sessionRecipient(state.identity, reading),
    receiptsOf: receiptSender(state.identity, query),
  };
}
