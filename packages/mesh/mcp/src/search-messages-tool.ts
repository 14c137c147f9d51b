import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { summarizeMessages } from "./summarize-messages.js";
import { MessagesOutput, SearchMessagesInput } from "./tool-schemas.js";

/** `search_messages`: the own messages (both directions) holding some words. */
export function searchMessagesTool({ node, client }: ToolDeps): MeshTool {
  return defineTool({
    name: "search_messages",
    title: "Search messages",
    description:
      "Messages you sent or received that hold all the words of q (case-insensitive, the last word also as a prefix), oldest first; with: only those between you and that peer. At most limit (default 20, at most 100); has_more says whether more match (page on with after_id).",
    annotations: READ_ONLY,
    input: SearchMessagesInput,
    output: MessagesOutput,
    run: async (args) => {
      const rows = await (await client()).search(args.q, {
        with: args.with,
        afterId: args.after_id,
        limit: args.limit + 1,
      });
      const messages = rows.slice(0, args.limit);
      const hasMore = rows.length > args.limit;
      const summary = summarizeMessages(messages, {
        node,
        suffix: ` matching '${args.q}'${args.with ? ` with ${args.with}` : ""}`,
        hasMore,
        more: (last) => `search_messages with the same q and after_id ${last}`,
        next: "get_thread shows a message's whole thread.",
        empty: "Try fewer or other words; list_threads lists your conversations.",
      });
      return { structured: { messages, has_more: hasMore }, summary };
    },
  });
}
