import type { Command, CommandAction } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { messageIdValue } from "./message-id-value.js";
import { positiveInteger } from "./positive-integer.js";
import type { SearchCommandOptions } from "./search-command.js";
import type { SentCommandOptions } from "./sent-command.js";

/** Each argument a message id; commander hands over the ids read so far. */
function messageIds(value: string, previous: number[] | undefined): number[] {
  return [...(previous ?? []), messageIdValue(value)];
}

/** `mesh sent`, `mesh search`, `mesh read` and `mesh watch`: what you sent, finding, marking and following messages. */
export function addMessageCommands(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("sent")
    .description("the messages you sent, oldest first")
    .option("--state <state>", "only messages in this receipt state (sent: nobody picked them up)")
    .option("--after <id>", "start after this message id", messageIdValue)
    .option("--limit <n>", "at most this many messages (gateway default 100)", positiveInteger)
    .action(
      action(async (context, options: SentCommandOptions) =>
        (await import("./sent-command.js")).sentCommand(context, options),
      ),
    );

  program
    .command("search")
    .description("messages you sent or received holding every word (case-insensitive)")
    .argument("<words...>", "words; the last may be the start of a word")
    .option("--with <peer>", "only messages between you and this peer")
    .option("--thread <id>", "only messages of this thread")
    .option("--after <id>", "start after this message id", messageIdValue)
    .option("--limit <n>", "at most this many messages (gateway default 100)", positiveInteger)
    .action(
      action(async (context, words: string[], options: SearchCommandOptions) =>
        (await import("./search-command.js")).searchCommand(context, words, options),
      ),
    );

  program
    .command("read")
    .description("mark messages read (after you have handled them)")
    .argument("<id...>", "message ids", messageIds)
    .action(
      action(async (context, ids: number[]) =>
        (await import("./read-command.js")).readCommand(context, ids),
      ),
    );

  program
    .command("watch")
    .description(
      "print unread messages, then new ones as they arrive, until Ctrl-C (never marks read)",
    )
    .option(
      "--interval <ms>",
      "pause between polls when the gateway does not hold them open",
      positiveInteger,
    )
    .action(
      action(async (context, options: { interval?: number }) =>
        (await import("./watch-command.js")).watchCommand(context, options),
      ),
    );
}
