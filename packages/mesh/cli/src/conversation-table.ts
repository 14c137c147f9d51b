import { formatTable, preview } from "@mesh/cli-kit";
import type { Message } from "@mesh/client";
import type { CommandContext } from "./command-context.js";
import { formatTime } from "./format-time.js";

/** Messages of both directions as a table: who wrote to whom, when, and a preview. */
export function conversationTable(context: CommandContext, messages: readonly Message[]): string {
  const { out } = context;
  return formatTable(
    [
      { header: "ID", align: "right" },
      { header: "FROM" },
      { header: "TO" },
      { header: "KIND" },
      { header: "SENT (UTC)" },
      { header: "READ" },
      { header: "THREAD" },
      { header: "CONTENT" },
    ],
    messages.map((m) => [
      String(m.id),
      out.cyan(m.from_node),
      out.cyan(m.to_node),
      m.kind,
      formatTime(m.created_at),
      m.read_at ? out.dim("read") : out.yellow("unread"),
      m.thread_id ?? out.dim("-"),
      preview(m.content ?? "", 50),
    ]),
    out,
  );
}
