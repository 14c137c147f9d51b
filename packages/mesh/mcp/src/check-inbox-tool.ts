import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { summarizeMessages } from "./summarize-messages.js";
import { CheckInboxInput, MessagesOutput } from "./tool-schemas.js";

/** `check_inbox`: one page of the own inbox, oldest first. */
export function checkInboxTool({ node, inbox, cursor }: ToolDeps): MeshTool {
  return defineTool({
    name: "check_inbox",
    title: "Check the inbox",
    description:
      "List messages addressed to you, oldest first, at most limit (default 20, at most 100); has_more says whether more wait (page on with after_id). Never marks anything read: call mark_read once you have handled a message.",
    annotations: READ_ONLY,
    input: CheckInboxInput,
    output: MessagesOutput,
    run: async (args) => {
      const { messages, hasMore } = await inbox.page({
        unreadOnly: args.unread_only,
        limit: args.limit,
        afterId: args.after_id,
      });
      cursor.newestReturned = Math.max(cursor.newestReturned, ...messages.map((m) => m.id));
      const summary = summarizeMessages(messages, {
        node,
        adjective: args.unread_only ? "unread" : undefined,
        suffix: args.after_id === undefined ? "" : ` after #${args.after_id}`,
        hasMore,
        more: (last) =>
          `check_inbox with after_id ${last}${args.unread_only ? "" : ", unread_only false"}`,
        next: nextStep(messages.map((m) => m.id)),
        empty: "Call wait_for_messages to wait for new ones.",
      });
      return { structured: { messages, has_more: hasMore }, summary };
    },
  });
}

/** What to do with messages just read. */
export function nextStep(ids: readonly number[]): string {
  return `Answer a question with send_message (kind 'answer', the same thread_id); call mark_read with ids [${ids.join(", ")}] once handled.`;
}
