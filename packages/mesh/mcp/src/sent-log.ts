import type { Message, SentMessage } from "@mesh/client";

/** Sent messages kept for `get_thread`; the oldest go first past this count. */
const MAX_ENTRIES = 1000;

/**
 * The messages this server sent in a thread, with their content. A peer token cannot read the
 * recipient's inbox, so without the gateway's `thread` query this is where the own half of a
 * thread comes from.
 */
export class SentLog {
  readonly #entries: Message[] = [];

  add(sent: SentMessage, content: string): void {
    if (sent.thread_id == null) return;
    this.#entries.push({ ...sent, content });
    if (this.#entries.length > MAX_ENTRIES) this.#entries.shift();
  }

  inThread(threadId: string): Message[] {
    return this.#entries.filter((entry) => entry.thread_id === threadId);
  }
}
