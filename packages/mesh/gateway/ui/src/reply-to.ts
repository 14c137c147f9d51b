import type { StrictMessage } from "@mesh/protocol";
import type { ReplyPreset } from "./compose-form.js";

/**
 * The Compose fields of a reply: from the message's recipient back to its sender, in the same
 * thread; a question is answered with `answer` (which is what marks it answered), anything
 * else gets an `fyi`.
 */
export function replyTo(
  message: Pick<StrictMessage, "from_node" | "to_node" | "kind" | "thread_id">,
): ReplyPreset {
  return {
    from: message.to_node,
    to: message.from_node,
    kind: message.kind === "question" ? "answer" : "fyi",
    thread: message.thread_id ?? "",
  };
}
