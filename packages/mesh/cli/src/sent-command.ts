import { EXIT_OK, withProgress } from "@mesh/cli-kit";
import { DEFAULT_MESSAGE_LIMIT } from "@mesh/protocol";
import type { CommandContext } from "./command-context.js";
import { conversationTable } from "./conversation-table.js";
import { openClient } from "./open-client.js";

export interface SentCommandOptions {
  state?: string;
  after?: number;
  limit?: number;
}

/**
 * `mesh sent`: the messages you sent, oldest first (`--state sent`: those nobody picked up yet,
 * where the gateway records receipts). JSON: `{ "messages": Message[] }`.
 */
export async function sentCommand(
  context: CommandContext,
  options: SentCommandOptions,
): Promise<number> {
  const client = await openClient(context, { requireNode: true });
  try {
    const limit = options.limit ?? DEFAULT_MESSAGE_LIMIT;
    const messages = await withProgress(context.io, "reading sent messages", () =>
      client.sent({
        limit,
        ...(options.state !== undefined ? { state: options.state } : {}),
        ...(options.after !== undefined ? { afterId: options.after } : {}),
      }),
    );
    if (context.json) {
      context.printJson({ messages });
      return EXIT_OK;
    }
    if (messages.length === 0) {
      context.note(`no sent messages from ${client.node}`);
      return EXIT_OK;
    }
    context.io.stdout.write(conversationTable(context, messages));
    if (messages.length >= limit) {
      context.io.stdout.write(`more: mesh sent --after ${messages.at(-1)!.id}\n`);
    }
    return EXIT_OK;
  } finally {
    await client.close();
  }
}
