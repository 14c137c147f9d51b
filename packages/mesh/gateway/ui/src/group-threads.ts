import type { StrictMessage as Message } from "@mesh/protocol";

/** The messages of one thread (or of no thread), oldest first. */
export interface ThreadGroup {
  /** The `thread_id`, or `null` for messages outside any thread. */
  threadId: string | null;
  messages: Message[];
  unread: number;
}

/**
 * Groups an inbox by thread: threads holding unread messages first, then by their newest
 * message, newest first; messages inside a thread oldest first. Each id appears once.
 */
export function groupThreads(messages: readonly Message[]): ThreadGroup[] {
  const byId = new Map<number, Message>();
  for (const message of messages) byId.set(message.id, message);
  const groups = new Map<string | null, ThreadGroup>();
  for (const message of [...byId.values()].sort((a, b) => a.id - b.id)) {
    let group = groups.get(message.thread_id);
    if (group === undefined) {
      group = { threadId: message.thread_id, messages: [], unread: 0 };
      groups.set(message.thread_id, group);
    }
    group.messages.push(message);
    if (message.read_at === null) group.unread++;
  }
  const newest = (group: ThreadGroup) => group.messages.at(-1)?.id ?? 0;
  return [...groups.values()].sort(
    (a, b) => Number(b.unread > 0) - Number(a.unread > 0) || newest(b) - newest(a),
  );
}
