import type { StrictMessage as Message } from "@mesh/protocol";
import { type Answer, request } from "./gateway-api.js";

/** Most messages one view reads: a longer conversation shows its first 5,000. */
export const MAX_VIEW_MESSAGES = 5000;

export interface LoadOptions {
  /** Rows asked per page. */
  pageSize: number;
  /**
   * Page on with `after_id` while pages come back full: for a plain inbox reading, which
   * carries no `Link`. Filtered readings say themselves when there is more.
   */
  pageByAfterId: boolean;
  /** Called with everything read so far after each page, so the first page shows at once. */
  onPage?: (messages: Message[]) => void;
}

/**
 * The messages of a reading, oldest first, page by page, following the `Link: rel="next"` the
 * gateway gives. Stops at {@link MAX_VIEW_MESSAGES}.
 */
export async function loadMessages(
  token: string,
  path: string,
  options: LoadOptions,
): Promise<Message[]> {
  const messages: Message[] = [];
  let next: string | null = path;
  while (next !== null && messages.length < MAX_VIEW_MESSAGES) {
    const answer: Answer = await request(token, "GET", next);
    const rows = (JSON.parse(answer.text) as { messages: Message[] }).messages;
    messages.push(...rows);
    const last = rows.at(-1);
    if (answer.next !== null) next = answer.next;
    else if (!options.pageByAfterId || last === undefined || rows.length < options.pageSize) {
      next = null;
    } else {
      const url: URL = new URL(next, location.origin);
      url.searchParams.set("after_id", String(last.id));
      next = `${url.pathname}${url.search}`;
    }
    if (next !== null) options.onPage?.(messages.slice(0, MAX_VIEW_MESSAGES));
  }
  return messages.slice(0, MAX_VIEW_MESSAGES);
}
