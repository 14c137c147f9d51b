import { type Command, type CommandAction, Option } from "@mesh/cli-kit";
import { baseUrlOption } from "./base-url-option.js";
import type { CommandContext } from "./command-context.js";

/** `discovery price list|anthropic|gemini` and `discovery prices update`. */
export function addPriceCommands(program: Command, action: CommandAction<CommandContext>): void {
  const price = program.command("price").description("model prices");
  price
    .command("list")
    .description("list prices of every vendor, USD per million tokens (from prices.json)")
    .option("--provider <name>", "openai, deepseek, xai/grok, anthropic/claude, google/gemini")
    .action(
      action(async (context, options: { provider?: string }) =>
        (await import("./price-list-command.js")).priceListCommand(context, options),
      ),
    );
  price
    .command("anthropic")
    .description("Anthropic prices per million tokens from the static table")
    .argument("[id]", "exact model id, e.g. claude-opus-4-7; omitted lists the table")
    .action(
      action(async (context, id: string | undefined) =>
        (await import("./price-anthropic-command.js")).priceAnthropicCommand(context, id),
      ),
    );
  price
    .command("gemini")
    .description("a Gemini price from the Google Cloud Billing Catalog")
    .argument("<hint>", "model hint matched in SKU descriptions, e.g. '2.5 pro'")
    .addOption(
      new Option("--direction <dir>", "input or output")
        .choices(["input", "output"])
        .default("output"),
    )
    .option("--long", "the long-context tier (over 128k tokens)")
    .option("--service-id <id>", "Cloud Billing service id (default 241C-273D-49C8)")
    .addOption(baseUrlOption("Cloud Billing", "DISCOVERY_BILLING_URL"))
    .action(
      action(
        async (
          context,
          hint: string,
          options: {
            direction: "input" | "output";
            long?: boolean;
            serviceId?: string;
            baseUrl?: string;
          },
        ) => (await import("./price-gemini-command.js")).priceGeminiCommand(context, hint, options),
      ),
    );

  program
    .command("prices")
    .description("the price data: `prices update` fetches the newest release of the open dataset")
    .command("update")
    .description(
      "cache the newest @pydantic/genai-prices release for every later command (never an older one)",
    )
    .option("--registry <url>", "npm registry listing the releases (env DISCOVERY_NPM_REGISTRY)")
    .option(
      "--data-url <url>",
      "the release's data, {version} replaced (env DISCOVERY_PRICES_DATA_URL)",
    )
    .action(
      action(async (context, options: { registry?: string; dataUrl?: string }) =>
        (await import("./prices-update-command.js")).pricesUpdateCommand(context, options),
      ),
    );
}
