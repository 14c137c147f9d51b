import type { Command, CommandAction } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import type { InboxCommandOptions } from "./inbox-command.js";
import { messageIdValue } from "./message-id-value.js";
import { positiveInteger } from "./positive-integer.js";
import type { ThreadsCommandOptions } from "./threads-command.js";

/** `mesh inbox`, `mesh thread` and `mesh threads`: what you received, and the conversations. */
export function addInboxCommands(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("inbox")
    .description("list your inbox, oldest first (never marks anything read)")
    .option("--unread", "only unread messages")
    .option("--limit <n>", "at most this many messages (gateway default 100)", positiveInteger)
    .option("--from <peer>", "only messages from this sender")
    .option("--full", "print whole messages instead of a table")
    .option(
      "--after <id>",
      "start after this message id (the `N more` line names it)",
      messageIdValue,
    )
    .option("--all", "every page, not only the first")
    .action(
      action(async (context, options: InboxCommandOptions) =>
        (await import("./inbox-command.js")).inboxCommand(context, options),
      ),
    );

  program
    .command("thread")
    .description("a whole thread you took part in, both directions, oldest first")
    .argument("<id>", "thread id")
    .action(
      action(async (context, id: string) =>
        (await import("./thread-command.js")).threadCommand(context, id),
      ),
    );

  program
    .command("threads")
    .description("your threads, newest activity first, with unread counts")
    .option("--limit <n>", "at most this many threads (default 50, at most 200)", positiveInteger)
    .option("--before <id>", "threads whose last message id is smaller (next page)", messageIdValue)
    .option("--search <words>", "only threads holding a message with these words")
    .option("--peer <name>", "admin token: the threads of this peer")
    .action(
      action(async (context, options: ThreadsCommandOptions) =>
        (await import("./threads-command.js")).threadsCommand(context, options),
      ),
    );
}
