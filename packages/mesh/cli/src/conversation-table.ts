import { formatTable, preview } from "@mesh/cli-kit";
import type { Message } from "@mesh/client";
import type { CommandContext } from "./command-context.js";
import { formatTime } from "./format-time.js";

/**
 * Messages as a table: who wrote (and, for both directions, to whom), when, and a preview.
 * `withRecipient: false` is the inbox's form, where every row is to the reader.
 */
export function conversationTable(
  context: CommandContext,
  messages: readonly Message[],
  { withRecipient = true }: { withRecipient?: boolean } = {},
): string {
  const { out } = context;
  const to = withRecipient ? [{ header: "TO" }] : [];
  return formatTable(
    [
      { header: "ID", align: "right" },
      { header: "FROM" },
      ...to,
      { header: "KIND" },
      { header: "SENT (UTC)" },
      { header: "READ" },
      { header: "THREAD" },
      { header: "CONTENT" },
    ],
    messages.map((m) => [
      String(m.id),
      out.cyan(m.from_node),
      ...(withRecipient ? [out.cyan(m.to_node)] : []),
      m.kind,
      formatTime(m.created_at),
      m.read_at ? out.dim("read") : out.yellow("unread"),
      m.thread_id ?? out.dim("-"),
      // The recipient's column takes ten characters of the preview's.
      preview(m.content ?? "", withRecipient ? 50 : 60),
    ]),
    out,
  );
}
