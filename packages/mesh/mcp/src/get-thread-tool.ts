import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { summarizeMessages } from "./summarize-messages.js";
import { GetThreadInput, MessagesOutput } from "./tool-schemas.js";

/** `get_thread`: one conversation, both directions, oldest first. */
export function getThreadTool({ node, inbox, sent }: ToolDeps): MeshTool {
  return defineTool({
    name: "get_thread",
    title: "Read a thread",
    description:
      "The messages of one thread that you sent or received, oldest first: the whole conversation so far, at most limit (default 20, at most 100); has_more says whether more follow (page on with after_id).",
    annotations: READ_ONLY,
    input: GetThreadInput,
    output: MessagesOutput,
    run: async (args) => {
      const received = await inbox.thread(args.thread_id);
      const ids = new Set(received.map((message) => message.id));
      const own = sent.inThread(args.thread_id).filter((message) => !ids.has(message.id));
      const all = [...received, ...own]
        .filter((message) => message.id > (args.after_id ?? -1))
        .sort((a, b) => a.id - b.id);
      const messages = all.slice(0, args.limit);
      const hasMore = all.length > args.limit;
      const summary = summarizeMessages(messages, {
        node,
        suffix: ` in thread '${args.thread_id}'`,
        hasMore,
        more: (last) => `get_thread with thread_id '${args.thread_id}' and after_id ${last}`,
        next: `Reply in it with send_message (thread_id '${args.thread_id}').`,
        empty: "check_inbox and list_peers show who you can talk to.",
      });
      return { structured: { messages, has_more: hasMore }, summary };
    },
  });
}
