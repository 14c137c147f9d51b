import type { Command, CommandAction } from "@mesh/cli-kit";
import { baseUrlOption } from "./base-url-option.js";
import type { CommandContext } from "./command-context.js";

/** `discovery models` and `discovery model`: the catalog. */
export function addModelCommands(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("models")
    .description("list the model catalog (AIMLAPI, else the vendors' own lists)")
    .option(
      "--provider <name>",
      "openai, deepseek, xai/grok, anthropic/claude, google/gemini, or a developer label",
    )
    .option("--prices", "add list prices (priced, partial, unpriced) and retirement")
    .addOption(baseUrlOption("AIMLAPI", "DISCOVERY_AIMLAPI_URL"))
    .action(
      action(async (context, options: { provider?: string; baseUrl?: string; prices?: boolean }) =>
        (await import("./models-command.js")).modelsCommand(context, options),
      ),
    );

  program
    .command("model")
    .description("one model: catalog record, retirement status and known prices")
    .argument("<id>", "model id or alias, e.g. x-ai/grok-4-07-09")
    .option("--provider <name>", "vendor, when the catalog does not tell")
    .addOption(baseUrlOption("AIMLAPI", "DISCOVERY_AIMLAPI_URL"))
    .action(
      action(async (context, id: string, options: { provider?: string; baseUrl?: string }) =>
        (await import("./model-command.js")).modelCommand(context, id, options),
      ),
    );
}
