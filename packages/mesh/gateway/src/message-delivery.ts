import { messageState, type StrictMessage } from "@mesh/protocol";
import type { GatewayStorage, MessagesJson } from "./gateway-storage.js";
import { type MessagePage, messagePage } from "./message-page.js";
import type { Reader, Reading } from "./message-reading.js";

/**
 * How an undelivered row, and a row to `recipient`, read in a message's JSON: a quote inside a
 * string value is always escaped, so these unescaped key sequences occur only as the keys
 * themselves (and peer names need no escaping).
 */
const UNDELIVERED = '"delivered_at":null';
const addressedTo = (recipient: string) => `"to_node":${JSON.stringify(recipient)},`;

/**
 * Whose own session a reading is, i.e. whose messages it delivers: the peer of a peer token; in
 * open mode the recipient named by `to`. The admin reading an inbox delivers nothing.
 */
export function sessionRecipient(reader: Reader, reading: Reading): string | undefined {
  if (reader.mode === "peer") return reader.peer;
  return reader.mode === "open" ? reading.to : undefined;
}

/** A message row as JSON text with `delivered_at` set and its `state` moved on. */
function deliveredRow(row: string, at: string): string {
  const message = JSON.parse(row) as StrictMessage;
  message.delivered_at = at;
  message.state = messageState(message);
  return JSON.stringify(message);
}

/**
 * The page of `found` (see `messagePage`), delivering its rows addressed to `recipient` that
 * were not delivered yet: one update for the page, and the reply already shows `delivered_at`.
 */
export async function deliveredPage(
  storage: GatewayStorage,
  found: MessagesJson,
  limit: number,
  recipient: string | undefined,
): Promise<MessagePage> {
  const page = messagePage(found, limit);
  if (recipient === undefined || page.count === 0) return page;
  const candidates: number[] = [];
  const toRecipient = addressedTo(recipient);
  for (let index = 0; index < page.count; index++) {
    const row = found.rows[index]!;
    if (row.includes(UNDELIVERED) && row.includes(toRecipient)) candidates.push(found.ids[index]!);
  }
  if (candidates.length === 0) return page;
  const at = new Date().toISOString();
  const delivered = new Set(await storage.markDelivered(recipient, candidates, at));
  if (delivered.size === 0) return page;
  const ids = found.ids.slice(0, page.count);
  const rows = found.rows
    .slice(0, page.count)
    .map((row, index) => (delivered.has(ids[index]!) ? deliveredRow(row, at) : row));
  // The rows already fit the page; a delivery time makes each a few bytes longer.
  const { json } = messagePage({ ids, rows }, page.count, Number.POSITIVE_INFINITY);
  return { ...page, json };
}

/**
 * `messages` with those addressed to `recipient` and not delivered yet delivered (one update),
 * as new objects; the others unchanged.
 */
export async function deliverMessages(
  storage: GatewayStorage,
  messages: readonly StrictMessage[],
  recipient: string,
): Promise<readonly StrictMessage[]> {
  const candidates = messages
    .filter((message) => message.to_node === recipient && message.delivered_at === null)
    .map((message) => message.id);
  if (candidates.length === 0) return messages;
  const at = new Date().toISOString();
  const delivered = new Set(await storage.markDelivered(recipient, candidates, at));
  if (delivered.size === 0) return messages;
  return messages.map((message) => {
    if (!delivered.has(message.id)) return message;
    const copy = { ...message, delivered_at: at };
    return { ...copy, state: messageState(copy) };
  });
}

/** The query fields of a stream that decide whose receipts it carries. */
export interface ReceiptRequest {
  to?: string | undefined;
  from?: string | undefined;
  with?: string | undefined;
  receipts?: string | undefined;
}

/**
 * Whose receipts a stream carries (its access already checked): the sender's own stream
 * (`from=<sender>` alone) carries them unless `receipts=false`; with `receipts=true` an inbox
 * stream carries its owner's (a peer token: its peer; the admin or open mode: `to` or `from`).
 */
export function receiptSender(reader: Reader, request: ReceiptRequest): string | undefined {
  if (request.receipts === "false" || request.receipts === "0") return undefined;
  if (request.from !== undefined && request.to === undefined && request.with === undefined) {
    return request.from;
  }
  if (request.receipts !== "true" && request.receipts !== "1") return undefined;
  return reader.mode === "peer" ? reader.peer : (request.to ?? request.from);
}
