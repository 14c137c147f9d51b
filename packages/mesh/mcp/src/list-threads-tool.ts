import type { Thread } from "@mesh/client";
import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { ListThreadsInput, ThreadsOutput } from "./tool-schemas.js";

/** `list_threads`: the conversations the own peer took part in, newest activity first. */
export function listThreadsTool({ node, client }: ToolDeps): MeshTool {
  return defineTool({
    name: "list_threads",
    title: "List threads",
    description:
      "The threads you sent or received messages in, newest activity first: thread_id, peers, message and unread counts, the last message. q keeps threads with a message holding all its words. At most limit (default 20, at most 100); has_more says whether older ones exist (page on with before_id). Read one with get_thread.",
    annotations: READ_ONLY,
    input: ListThreadsInput,
    output: ThreadsOutput,
    run: async (args) => {
      const rows = await (await client()).threads({
        q: args.q,
        beforeId: args.before_id,
        limit: args.limit + 1,
      });
      const threads = rows.slice(0, args.limit);
      const hasMore = rows.length > args.limit;
      return {
        structured: { threads, has_more: hasMore },
        summary: summarizeThreads(threads, node, hasMore, args.q),
      };
    },
  });
}

function summarizeThreads(
  threads: readonly Thread[],
  node: string,
  hasMore: boolean,
  q: string | undefined,
): string {
  const matching = q === undefined ? "" : ` with messages matching '${q}'`;
  if (threads.length === 0) {
    return `No threads${matching}. A thread starts when a message has a thread_id: pass one to send_message.`;
  }
  const last = threads.at(-1)?.last_id ?? 0;
  const more = hasMore ? `, and older ones: call list_threads with before_id ${last}` : "";
  const lines = threads.map((thread) => {
    const others = thread.peers.filter((peer) => peer !== node);
    const unread = thread.unread > 0 ? `, ${thread.unread} unread` : "";
    return `'${thread.thread_id}' with ${others.join(", ") || "yourself"}: ${thread.messages} message${thread.messages === 1 ? "" : "s"}${unread}, last #${thread.last_id} (${thread.last_kind}) at ${thread.last_at}`;
  });
  const count = `${threads.length} thread${threads.length === 1 ? "" : "s"}${matching}${more}:`;
  return [count, ...lines, "Read one with get_thread (thread_id)."].join("\n");
}
