import { type Command, type CommandAction, InvalidArgumentError, Option } from "@mesh/cli-kit";
import type { CheckCommandOptions } from "./check-command.js";
import type { CommandContext } from "./command-context.js";
import { parseDays } from "./parse-days.js";
import { parseWhen } from "./parse-when.js";

// Spelled here, not imported from the command module, so that `--help` loads no lookup data.
const CHECK_SCOPE_CHOICES = ["first-party", "bedrock", "vertex", "azure", "openrouter", "any"];

function day(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError("expected YYYY-MM-DD");
  try {
    parseWhen(value);
  } catch {
    throw new InvalidArgumentError("expected a real calendar day, YYYY-MM-DD");
  }
  return value;
}

/** `discovery retired` and `discovery check`: retirements and shutdowns. */
export function addLifecycleCommands(
  program: Command,
  action: CommandAction<CommandContext>,
): void {
  program
    .command("retired")
    .description(
      "whether a model is retired (exit 0 when answered, 1 unknown vendor), or with --upcoming what shuts down soon",
    )
    .argument("[provider]", "vendor, e.g. xai, grok, anthropic, claude (a filter with --upcoming)")
    .argument("[model]", "model id, e.g. grok-4-0709")
    .option(
      "--upcoming <days>",
      "list the models whose shutdown falls within this window, e.g. 90d",
      parseDays,
    )
    .option("--today <date>", "judge on this UTC day instead of today (YYYY-MM-DD)", day)
    .action(
      action(
        async (
          context,
          provider: string | undefined,
          model: string | undefined,
          options: { today?: string; upcoming?: number },
        ) =>
          (await import("./retired-command.js")).retiredCommand(context, provider, model, options),
      ),
    );

  program
    .command("check")
    .description(
      "for CI: exit 1 when a model is retired or retires within --within days; unknown models warn",
    )
    .argument(
      "<model...>",
      "model ids, provider/model or bare (vendor inferred), e.g. xai/grok-4-0709",
    )
    .option("--within <days>", "days ahead a shutdown fails the check (default 30d)", parseDays)
    .option("--strict", "fail on a model the lifecycle registry does not know")
    .addOption(
      new Option("--scope <platform>", "whose dates count (default first-party)").choices(
        CHECK_SCOPE_CHOICES,
      ),
    )
    .option("--provider <name>", "vendor of ids that do not tell")
    .option("--today <date>", "judge on this UTC day instead of today (YYYY-MM-DD)", day)
    .action(
      action(async (context, ids: string[], options: CheckCommandOptions) =>
        (await import("./check-command.js")).checkCommand(context, ids, options),
      ),
    );
}
