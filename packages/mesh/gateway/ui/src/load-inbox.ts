import type { StrictMessage as Message } from "@mesh/protocol";
import { api } from "./gateway-api.js";

const PAGE = 1000;
/** Pages read at most: a dashboard shows the first 5,000 messages of an inbox. */
const MAX_PAGES = 5;

/** The messages of one inbox, oldest first, paged with `after_id`. */
export async function loadInbox(token: string, to: string): Promise<Message[]> {
  const messages: Message[] = [];
  let after = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ to, limit: String(PAGE), after_id: String(after) });
    const { messages: rows } = await api<{ messages: Message[] }>(
      token,
      "GET",
      `/messages?${query}`,
    );
    messages.push(...rows);
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE) break;
    after = last.id;
  }
  return messages;
}
