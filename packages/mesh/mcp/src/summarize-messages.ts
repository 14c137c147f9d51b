import type { Message } from "@mesh/client";
import { SUMMARY_LINE_LENGTH } from "./mcp-limits.js";

/** What a list of messages is, for its summary. */
export interface MessageListSummary {
  /** The own peer name: own messages read "to X", others "from X". */
  node: string;
  /** What kind of messages, before the noun: "unread", "new"; default none. */
  adjective?: string | undefined;
  /** What the messages are, after the noun: " in thread 'gpu'", " after #57"; default none. */
  suffix?: string | undefined;
  /** Whether more exist past the last one. */
  hasMore: boolean;
  /** The call that pages on, shown when `hasMore`, e.g. "check_inbox with after_id 57". */
  more: (lastId: number) => string;
  /** What to do next when there are messages. */
  next: string;
  /** What to do when there are none. */
  empty: string;
}

/**
 * The text block of a result that lists messages: the count, one line per message (id, sender
 * or recipient, kind, thread, receipt state, first line of content), and what to call next.
 */
export function summarizeMessages(
  messages: readonly Message[],
  summary: MessageListSummary,
): string {
  const what = (count: number) =>
    `${summary.adjective ? `${summary.adjective} ` : ""}message${count === 1 ? "" : "s"}${summary.suffix ?? ""}`;
  if (messages.length === 0) return `No ${what(0)}. ${summary.empty}`;
  const last = messages.at(-1)?.id ?? 0;
  const more = summary.hasMore ? `, and more: call ${summary.more(last)}` : "";
  const count = `${messages.length} ${what(messages.length)}${more}:`;
  const lines = messages.map((message) => messageLine(message, summary.node));
  return [count, ...lines, summary.next].join("\n");
}

/** One message on one line: `#55 from lab-ovh (question, thread gpu, unread): which node…`. */
export function messageLine(message: Message, node: string): string {
  const own = message.from_node === node;
  const who = own ? `to ${message.to_node}` : `from ${message.from_node}`;
  const traits = [message.kind];
  if (message.thread_id) traits.push(`thread ${message.thread_id}`);
  traits.push(stateOf(message, own));
  return `#${message.id} ${who} (${traits.join(", ")}): ${firstLine(message.content)}`;
}

/**
 * A sent message's receipt state as the gateway gives it (`sent`, `delivered`, `read`,
 * `answered`, `expired`); a received one, read or unread (what its reader acts on).
 */
function stateOf(message: Message, own: boolean): string {
  if (own && message.state !== undefined && message.state !== "") return `state ${message.state}`;
  return message.read_at == null ? "unread" : "read";
}

/** The first non-blank line, shortened to {@link SUMMARY_LINE_LENGTH} characters. */
export function firstLine(content: string | null | undefined): string {
  const line =
    (content ?? "")
      .split("\n")
      .find((part) => part.trim() !== "")
      ?.trim() ?? "";
  if (line === "") return "(empty)";
  return line.length > SUMMARY_LINE_LENGTH ? `${line.slice(0, SUMMARY_LINE_LENGTH - 1)}…` : line;
}
