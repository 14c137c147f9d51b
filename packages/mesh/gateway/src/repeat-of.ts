import type { StrictMessage as Message } from "@mesh/protocol";
import type { InsertResult, NewMessage } from "./gateway-storage.js";

/**
 * The answer to a send whose idempotency key already names `first`: the first message when
 * the send repeats it (same recipient, kind, content, thread and task), else a conflict.
 */
export function repeatOf(first: Message, message: NewMessage): InsertResult {
  const same =
    first.to_node === message.toNode &&
    first.kind === message.kind &&
    first.content === message.content &&
    first.thread_id === message.threadId &&
    first.related_task_id === message.relatedTaskId;
  return same ? { message: first, created: false } : { refused: "idempotency_key_conflict" };
}
