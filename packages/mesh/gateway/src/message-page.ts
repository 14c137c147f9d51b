import { MAX_PAGE_BYTES, type StrictMessage } from "@mesh/protocol";
import type { MessagesJson } from "./gateway-storage.js";

/** A page of `GET /messages` as JSON text, and where the next one starts. */
export interface MessagePage {
  /** The JSON array text. */
  json: string;
  /** Messages in the page. */
  count: number;
  /** Id of the last message in the page, when another page follows; else undefined. */
  nextAfter: number | undefined;
}

/** Messages as `MessagesJson` (for a back end that answers row objects). */
export function toMessagesJson(messages: readonly StrictMessage[]): MessagesJson {
  return { ids: messages.map((m) => m.id), rows: messages.map((m) => JSON.stringify(m)) };
}

/**
 * The first `limit` rows of `found` that fit in `maxBytes` of JSON (always at least one), and
 * whether rows remain: `found` holds up to one row more than a page, read to know that.
 */
export function messagePage(
  found: MessagesJson,
  limit: number,
  maxBytes = MAX_PAGE_BYTES,
): MessagePage {
  let json = "[";
  let bytes = 2;
  let count = 0;
  const end = Math.min(limit, found.rows.length);
  for (; count < end; count++) {
    const row = found.rows[count]!;
    const size = Buffer.byteLength(row) + 1;
    if (count > 0 && bytes + size > maxBytes) break;
    bytes += size;
    json += count === 0 ? row : `,${row}`;
  }
  json += "]";
  const nextAfter = count < found.rows.length ? found.ids[count - 1] : undefined;
  return { json, count, nextAfter };
}

/**
 * The `Link` header of the next page: the request's own query with `after_id` moved on (and
 * no `wait`), as a reference relative to the request URL (RFC 8288).
 */
export function nextLink(
  url: string,
  path: string,
  cursor: string,
  value: number | string,
): string {
  const start = url.indexOf("?");
  const params = new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
  params.delete(cursor);
  params.delete("wait");
  params.set(cursor, String(value));
  return `<${path}?${params.toString()}>; rel="next"`;
}
