import type { Command, CommandAction } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";

/** `mesh peers` and `mesh register`: the registry. */
export function addPeerCommands(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("peers")
    .description("list the registered peers")
    .action(action(async (context) => (await import("./peers-command.js")).peersCommand(context)));

  program
    .command("register")
    .description("register (or update) your own peer")
    .option("--url <url>", "network address of your own service")
    .option(
      "--capabilities <json>",
      `advertisement as a JSON object, e.g. '{"can_claim_tasks":true}'`,
    )
    .action(
      action(async (context, options: { url?: string; capabilities?: string }) =>
        (await import("./register-command.js")).registerCommand(context, options),
      ),
    );
}
