import type { Message } from "@mesh/client";
import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { summarizeMessages } from "./summarize-messages.js";
import { GetThreadInput, MessagesOutput } from "./tool-schemas.js";

/** `get_thread`: one conversation, both directions, oldest first, read from the gateway. */
export function getThreadTool({ node, client }: ToolDeps): MeshTool {
  return defineTool({
    name: "get_thread",
    title: "Read a thread",
    description:
      "The messages of one thread that you sent or received, oldest first: the conversation so far, at most limit (default 20, at most 100); has_more says whether more follow (page on with after_id). Your own messages show their receipt state when the gateway keeps one.",
    annotations: READ_ONLY,
    input: GetThreadInput,
    output: MessagesOutput,
    run: async (args) => {
      const rows: Message[] = [];
      // One more than asked for says that more follow; leaving the loop stops the paging.
      const query = { threadId: args.thread_id, afterId: args.after_id, limit: args.limit + 1 };
      for await (const message of (await client()).messages(query)) {
        if (rows.push(message) > args.limit) break;
      }
      const messages = rows.slice(0, args.limit);
      const hasMore = rows.length > args.limit;
      const summary = summarizeMessages(messages, {
        node,
        suffix: ` in thread '${args.thread_id}'`,
        hasMore,
        more: (last) => `get_thread with thread_id '${args.thread_id}' and after_id ${last}`,
        next: `Reply in it with send_message (thread_id '${args.thread_id}').`,
        empty: "list_threads shows the threads you took part in.",
      });
      return { structured: { messages, has_more: hasMore }, summary };
    },
  });
}
