import { nextStep } from "./check-inbox-tool.js";
import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { summarizeMessages } from "./summarize-messages.js";
import { MessagesOutput, WaitForMessagesInput } from "./tool-schemas.js";

/** `wait_for_messages`: the next unread messages, as soon as one arrives. */
export function waitForMessagesTool({ node, inbox, cursor }: ToolDeps): MeshTool {
  return defineTool({
    name: "wait_for_messages",
    title: "Wait for messages",
    description:
      "Wait until new unread messages arrive and return them (at most timeout_seconds, 1 to 30, default 30; an empty list at the timeout), at most limit (default 20, at most 100); has_more says whether more wait. Without after_id it returns only messages newer than any this server already returned, so call it in a loop while waiting for an answer. Never marks read.",
    annotations: READ_ONLY,
    input: WaitForMessagesInput,
    output: MessagesOutput,
    run: async (args, signal) => {
      const afterId = args.after_id ?? cursor.newestReturned;
      const { messages, hasMore } = await inbox.waitForNew(afterId, {
        timeoutMs: args.timeout_seconds * 1000,
        limit: args.limit,
        signal,
      });
      cursor.newestReturned = Math.max(cursor.newestReturned, ...messages.map((m) => m.id));
      const summary = summarizeMessages(messages, {
        node,
        adjective: "new",
        hasMore,
        more: () => "wait_for_messages again (it returns the rest at once)",
        next: nextStep(messages.map((m) => m.id)),
        empty: `None arrived within ${args.timeout_seconds} s: call wait_for_messages again to keep waiting.`,
      });
      return { structured: { messages, has_more: hasMore }, summary };
    },
  });
}
