import { CliError, EXIT_OK, EXIT_USAGE, withProgress } from "@mesh/cli-kit";
import { DEFAULT_MESSAGE_LIMIT } from "@mesh/protocol";
import type { CommandContext } from "./command-context.js";
import { conversationTable } from "./conversation-table.js";
import { normalizePeerArgument } from "./normalize-peer-argument.js";
import { aliasesOf, openClient } from "./open-client.js";

export interface SearchCommandOptions {
  with?: string;
  thread?: string;
  after?: number;
  limit?: number;
}

/**
 * `mesh search <words…>`: the messages you sent or received that hold every word (case does not
 * matter, the last word may be the start of one), oldest first. JSON: `{ "messages": Message[] }`.
 */
export async function searchCommand(
  context: CommandContext,
  words: string[],
  options: SearchCommandOptions,
): Promise<number> {
  const q = words.join(" ").trim();
  if (!/[\p{L}\p{N}]/u.test(q)) {
    throw new CliError({
      message: "nothing to search for: give at least one word of letters or digits",
      exitCode: EXIT_USAGE,
      hint: "mesh search deploy staging",
    });
  }
  const peer =
    options.with === undefined
      ? undefined
      : await normalizePeerArgument(options.with, await aliasesOf(context), "--with");
  const client = await openClient(context, { requireNode: true });
  try {
    const limit = options.limit ?? DEFAULT_MESSAGE_LIMIT;
    const messages = await withProgress(context.io, "searching", () =>
      client.search(q, {
        limit,
        ...(peer !== undefined ? { with: peer } : {}),
        ...(options.thread !== undefined ? { threadId: options.thread } : {}),
        ...(options.after !== undefined ? { afterId: options.after } : {}),
      }),
    );
    if (context.json) {
      context.printJson({ messages });
      return EXIT_OK;
    }
    if (messages.length === 0) {
      context.note(`no messages of ${client.node} match ${JSON.stringify(q)}`);
      return EXIT_OK;
    }
    context.io.stdout.write(conversationTable(context, messages));
    if (messages.length >= limit) {
      context.io.stdout.write(
        `more: mesh search ${words.join(" ")} --after ${messages.at(-1)!.id}\n`,
      );
    }
    return EXIT_OK;
  } finally {
    await client.close();
  }
}
