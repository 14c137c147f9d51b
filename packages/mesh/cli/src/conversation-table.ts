import { formatTable, preview } from "@mesh/cli-kit";
import type { Message } from "@mesh/client";
import type { CommandContext } from "./command-context.js";
import { formatTime } from "./format-time.js";

/**
 * Where a message stands: the gateway's receipt `state` (sent, delivered, read, answered,
 * expired), or read/unread from a gateway without receipts.
 */
export function receiptState(context: CommandContext, m: Message): string {
  const { out } = context;
  const state = m.state ?? (m.read_at ? "read" : "unread");
  if (state === "answered") return out.green(state);
  if (state === "expired") return out.red(state);
  if (state === "read") return out.dim(state);
  return out.yellow(state);
}

/**
 * Messages as a table: who wrote (and, for both directions, to whom), when, where it stands,
 * and a preview. `withRecipient: false` is the inbox's form, where every row is to the reader
 * and READ says read or unread; the others show the receipt STATE.
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
      { header: withRecipient ? "STATE" : "READ" },
      { header: "THREAD" },
      { header: "CONTENT" },
    ],
    messages.map((m) => [
      String(m.id),
      out.cyan(m.from_node),
      ...(withRecipient ? [out.cyan(m.to_node)] : []),
      m.kind,
      formatTime(m.created_at),
      withRecipient ? receiptState(context, m) : m.read_at ? out.dim("read") : out.yellow("unread"),
      m.thread_id ?? out.dim("-"),
      // The recipient's column takes ten characters of the preview's.
      preview(m.content ?? "", withRecipient ? 50 : 60),
    ]),
    out,
  );
}
