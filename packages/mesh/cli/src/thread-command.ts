import { EXIT_OK, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { formatMessage } from "./inbox-command.js";
import { openClient } from "./open-client.js";

/**
 * `mesh thread <id>`: every message of a thread you sent or received (the admin token: the
 * whole thread), oldest first, in full. Never marks anything read. JSON: `{ "messages": Message[] }`.
 */
export async function threadCommand(context: CommandContext, threadId: string): Promise<number> {
  const client = await openClient(context, { requireNode: true });
  try {
    const messages = await withProgress(context.io, "reading thread", () =>
      client.thread(threadId),
    );
    if (context.json) {
      context.printJson({ messages });
      return EXIT_OK;
    }
    if (messages.length === 0) {
      context.note(
        `no messages in thread ${threadId} for ${client.node}; \`mesh threads\` lists yours`,
      );
      return EXIT_OK;
    }
    context.io.stdout.write(messages.map((m) => formatMessage(context, m, client.node)).join("\n"));
    return EXIT_OK;
  } finally {
    await client.close();
  }
}
