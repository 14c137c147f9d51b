import type { SentMessage } from "@mesh/client";
import { isSelfMessage, normalizeNodeName } from "@mesh/names";
import { defineTool, type MeshTool, type ToolDeps } from "./mesh-tool.js";
import { ToolRefusal } from "./tool-refusal.js";
import { SendMessageInput, SentOutput } from "./tool-schemas.js";

/** `send_message`: one DM, sent at most once per call however often the call is repeated. */
export function sendMessageTool({ node, client, repeats }: ToolDeps): MeshTool {
  return defineTool({
    name: "send_message",
    title: "Send a direct message",
    description:
      "Send a direct message to another peer. kind: 'question' expects an 'answer'; 'fyi', 'status', 'unblock' need none. Reuse the question's thread_id when answering. Content that looks like a credential (API key, token, private key) is refused and not sent. Safe to repeat after a timeout: the same call within 10 minutes returns the first message (repeated: true) instead of sending it twice; pass resend: true to send it again on purpose.",
    annotations: {
      readOnlyHint: false,
      // Not with resend: true, nor after the 10 minutes.
      idempotentHint: false,
      destructiveHint: false,
      openWorldHint: false,
    },
    input: SendMessageInput,
    output: SentOutput,
    run: async (args) => {
      const to = canonical(args.to);
      if (isSelfMessage(node, to)) {
        throw new ToolRefusal({
          code: "self_message",
          message: `refusing to send a message to yourself ('${node}')`,
        });
      }
      const idempotencyKey =
        args.idempotency_key ??
        repeats.derivedKey(
          {
            node,
            to,
            kind: args.kind,
            threadId: args.thread_id,
            relatedTaskId: args.related_task_id,
            content: args.content,
          },
          args.resend,
        );
      const message = await (await client()).send({
        to: args.to,
        kind: args.kind,
        content: args.content,
        threadId: args.thread_id,
        relatedTaskId: args.related_task_id,
        idempotencyKey,
      });
      const repeated = message !== null && repeats.isRepeat(idempotencyKey, message.id);
      return { structured: { message, repeated }, summary: summarizeSent(message, repeated) };
    },
  });
}

/** The name as the gateway will store it, or as given (the client refuses a malformed one). */
function canonical(name: string): string {
  try {
    return normalizeNodeName(name);
  } catch {
    return name;
  }
}

function summarizeSent(message: SentMessage | null, repeated: boolean): string {
  if (message === null) return "Sent (the gateway acknowledged without a message id).";
  const thread = message.thread_id ? `, thread ${message.thread_id}` : "";
  const head = repeated
    ? `Already sent as #${message.id} to ${message.to_node} (${message.kind}${thread}): this repeated call sent nothing new; pass resend: true to send it again.`
    : `Sent #${message.id} to ${message.to_node} (${message.kind}${thread}).`;
  const receipt = message.state === undefined ? "" : ` State: ${message.state}.`;
  const next = message.kind === "question" ? " Call wait_for_messages to wait for the answer." : "";
  return `${head}${receipt}${next}`;
}
