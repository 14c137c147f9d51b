import { EXIT_OK, withProgress } from "@mesh/cli-kit";
import type { MeshClient, Message, MessagesQuery } from "@mesh/client";
import { DEFAULT_MESSAGE_LIMIT, MAX_MESSAGE_LIMIT } from "@mesh/protocol";
import type { CommandContext } from "./command-context.js";
import { conversationTable } from "./conversation-table.js";
import { formatTime } from "./format-time.js";
import { normalizePeerArgument } from "./normalize-peer-argument.js";
import { aliasesOf, openClient } from "./open-client.js";

export interface InboxCommandOptions {
  unread?: boolean;
  limit?: number;
  from?: string;
  full?: boolean;
  /** Start after this message id. */
  after?: number;
  /** Every page, not only the first. */
  all?: boolean;
}

/** How far the "N more" count looks past a full page (one request). */
const MORE_LOOKAHEAD = MAX_MESSAGE_LIMIT;

/**
 * `mesh inbox`: the own inbox, oldest first. Never marks anything read. `--from` keeps one
 * sender (aliases resolve, so `--from drop` keeps `droplet`). JSON: `{ "messages": Message[] }`.
 */
export async function inboxCommand(
  context: CommandContext,
  options: InboxCommandOptions,
): Promise<number> {
  const from =
    options.from === undefined
      ? undefined
      : await normalizePeerArgument(options.from, await aliasesOf(context), "--from");
  const client = await openClient(context, { requireNode: true });
  try {
    const { rows, more } = await withProgress(context.io, "reading inbox", () =>
      readInbox(client, options, from),
    );
    const messages = rows;
    if (from !== undefined && messages.length === 0) await noteUnknownSender(context, client, from);
    const nextAfter = more === undefined ? undefined : messages.at(-1)?.id;
    if (context.json) {
      context.printJson({
        messages,
        ...(more !== undefined && nextAfter !== undefined ? { more, next_after: nextAfter } : {}),
      });
      return EXIT_OK;
    }
    if (messages.length === 0) {
      context.note(
        `no ${options.unread ? "unread " : ""}messages for ${client.node}${from ? ` from ${from}` : ""}`,
      );
      return EXIT_OK;
    }
    context.io.stdout.write(
      options.full
        ? messages.map((m) => formatMessage(context, m)).join("\n")
        : conversationTable(context, messages, { withRecipient: false }),
    );
    if (more !== undefined && nextAfter !== undefined) {
      const flags = [options.unread ? " --unread" : "", from ? ` --from ${from}` : ""].join("");
      context.io.stdout.write(`${more} more: mesh inbox --after ${nextAfter}${flags}\n`);
    }
    return EXIT_OK;
  } finally {
    await client.close();
  }
}

/**
 * The inbox page (or with `all` every page) after `after`, and when a page came back full, how
 * many more follow (`"1000+"` past one look-ahead request).
 */
async function readInbox(
  client: MeshClient,
  options: InboxCommandOptions,
  from: string | undefined,
): Promise<{ rows: Message[]; more: string | undefined }> {
  const query = {
    to: client.node,
    ...(from !== undefined ? { from } : {}),
    ...(options.unread === true ? { unreadOnly: true } : {}),
    ...(options.after !== undefined ? { afterId: options.after } : {}),
  };
  // The own inbox without what this peer sent itself, as `fetch` reads it.
  const own = (row: Message) => row.from_node !== client.node;
  if (options.all === true) {
    const rows: Message[] = [];
    for await (const row of client.messages({
      ...query,
      limit: options.limit ?? MAX_MESSAGE_LIMIT,
    })) {
      if (own(row)) rows.push(row);
    }
    return { rows, more: undefined };
  }
  const limit = options.limit ?? DEFAULT_MESSAGE_LIMIT;
  const page = await pageOf(client, { ...query, limit });
  if (page.length < limit) return { rows: page.filter(own), more: undefined };
  const rest = await pageOf(client, { ...query, afterId: page.at(-1)!.id, limit: MORE_LOOKAHEAD });
  if (rest.length === 0) return { rows: page.filter(own), more: undefined };
  const count = rest.filter(own).length;
  return {
    rows: page.filter(own),
    more: rest.length >= MORE_LOOKAHEAD ? `${count}+` : String(count),
  };
}

/** One page of `query` (the first page of `messages`, without following `Link`). */
async function pageOf(client: MeshClient, query: MessagesQuery): Promise<Message[]> {
  const rows: Message[] = [];
  const limit = query.limit ?? DEFAULT_MESSAGE_LIMIT;
  for await (const row of client.messages(query)) {
    rows.push(row);
    if (rows.length >= limit) break;
  }
  return rows;
}

/**
 * An empty result for a `--from` the registry does not know is likely a typo: say so, with the
 * registry's close matches. Only a note: senders need not be registered (an admin token sends as
 * any name), so the empty inbox stands.
 */
async function noteUnknownSender(
  context: CommandContext,
  client: MeshClient,
  name: string,
): Promise<void> {
  const [{ validateNodeName }, { nodeHttpFetch }] = await Promise.all([
    import("@mesh/names"),
    import("@mesh/transport"),
  ]);
  const { token } = context.settings;
  try {
    await validateNodeName(name, {
      gatewayUrl: client.gatewayUrl,
      fetch: nodeHttpFetch,
      aliases: await aliasesOf(context),
      ...(token !== undefined ? { token } : {}),
    });
  } catch (error) {
    const { code, suggestions } = error as { code?: unknown; suggestions?: unknown };
    if (code !== "not_in_registry" || !Array.isArray(suggestions) || suggestions.length === 0) {
      return; // nothing to suggest, or the lookup itself failed: the empty inbox says enough
    }
    context.note(
      context.err.yellow(
        `${name} is not a registered peer; did you mean ${suggestions.join(", ")}?`,
      ),
    );
  }
}

/**
 * A message as a block: a header line, then the content indented. Used by `--full`, `watch` and
 * `mesh thread`. A message `me` sent shows its receipt state (delivered, answered, ...); one
 * received shows read or unread, which is what its reader acts on.
 */
export function formatMessage(context: CommandContext, m: Message, me?: string): string {
  const { out } = context;
  const extras = [
    m.thread_id ? `thread ${m.thread_id}` : "",
    m.related_task_id ? `task ${m.related_task_id}` : "",
    m.from_node === me && m.state ? m.state : m.read_at ? "read" : "unread",
    m.reply_by ? `reply by ${formatTime(m.reply_by)}` : "",
  ].filter((part) => part !== "");
  const header = `${out.bold(`#${m.id}`)} ${out.cyan(m.from_node)} ${out.dim("->")} ${m.to_node}  ${m.kind}  ${formatTime(m.created_at)}  ${out.dim(extras.join(", "))}`;
  const body = (m.content ?? "")
    .split(/\r?\n/)
    .map((line) => `    ${line}`)
    .join("\n");
  return `${header.trimEnd()}\n${body}\n`;
}
