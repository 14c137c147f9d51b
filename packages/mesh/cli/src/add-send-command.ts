import { Argument, type Command, type CommandAction } from "@mesh/cli-kit";
import { DM_KINDS, type DmKind } from "@mesh/protocol";
import type { CommandContext } from "./command-context.js";

/** `mesh send`: one direct message, checked for credentials first. */
export function addSendCommand(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("send")
    .description("send a direct message (refused when the content looks like a credential)")
    .argument("<to>", "recipient peer name (aliases resolve)")
    .addArgument(new Argument("<kind>", "message kind").choices(DM_KINDS))
    .argument("[content]", "message text; `-` or omitted reads stdin")
    .option("--thread <id>", "thread reference")
    .option("--task <id>", "related task reference")
    .option("--idempotency-key <key>", "a repeat with the same key returns the first message")
    .option(
      "--reply-by <time>",
      "questions: expire unanswered at this RFC 3339 time (at most 30 days ahead); you get an expired receipt",
    )
    .option("--skip-secret-check", "skip the credential guard (only for a reviewed false positive)")
    .action(
      action(
        async (
          context,
          to: string,
          kind: DmKind,
          content: string | undefined,
          options: {
            thread?: string;
            task?: string;
            idempotencyKey?: string;
            replyBy?: string;
            skipSecretCheck?: boolean;
          },
        ) => (await import("./send-command.js")).sendCommand(context, to, kind, content, options),
      ),
    );
}
