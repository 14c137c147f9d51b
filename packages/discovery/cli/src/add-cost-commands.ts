import {
  Argument,
  type Command,
  type CommandAction,
  InvalidArgumentError,
  Option,
} from "@mesh/cli-kit";
import { baseUrlOption } from "./base-url-option.js";
import type { CommandContext } from "./command-context.js";
import type { CostEstimateOptions } from "./cost-estimate-command.js";
import { parseWhen } from "./parse-when.js";

const GROUP_BY = ["line_item", "project_id", "api_key_id"] as const;

function usdAmount(value: string): number {
  const amount = Number(value);
  if (value.trim() === "" || !Number.isFinite(amount) || amount < 0) {
    throw new InvalidArgumentError("expected a non-negative USD amount, e.g. 12.50");
  }
  return amount;
}

function groupBy(value: string): (typeof GROUP_BY)[number][] {
  const parts = value.split(",").map((part) => part.trim());
  for (const part of parts) {
    if (!(GROUP_BY as readonly string[]).includes(part)) {
      throw new InvalidArgumentError(`expected a comma-separated list of ${GROUP_BY.join(", ")}`);
    }
  }
  return parts as (typeof GROUP_BY)[number][];
}

function tokens(value: string): number {
  const amount = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(amount)) {
    throw new InvalidArgumentError("expected a token count, a whole number >= 0");
  }
  return amount;
}

function when(value: string): Date {
  return parseWhen(value);
}

/** `discovery balance`, `discovery cost` and `discovery cost estimate`: what was and will be spent. */
export function addCostCommands(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("balance")
    .description("credit balance")
    .addArgument(new Argument("<vendor>", "vendor").choices(["deepseek"]))
    .addOption(baseUrlOption("DeepSeek", "DISCOVERY_DEEPSEEK_URL"))
    .action(
      action(async (context, _vendor: "deepseek", options: { baseUrl?: string }) =>
        (await import("./balance-command.js")).balanceCommand(context, options),
      ),
    );

  const cost = program
    .command("cost")
    .description(
      "billed cost per bucket over a window, and the drift against attributed spend; `cost estimate` prices tokens",
    );
  cost
    .command("estimate")
    .description("what a request costs at list prices (long-context tier by input size)")
    .argument("<model>", "model id, e.g. claude-opus-4-7, openai/gpt-4o")
    .requiredOption("--input <n>", "uncached input tokens", tokens)
    .requiredOption("--output <n>", "output tokens", tokens)
    .option("--cache-read <n>", "input tokens read from the cache", tokens)
    .option("--cache-write-5m <n>", "tokens written to the cache (5-minute lifetime)", tokens)
    .option("--cache-write-1h <n>", "tokens written to the cache (1-hour lifetime)", tokens)
    .option("--provider <name>", "vendor, when the id does not tell")
    .action(
      action(async (context, model: string, options: CostEstimateOptions) =>
        (await import("./cost-estimate-command.js")).costEstimateCommand(context, model, options),
      ),
    );
  cost
    .addArgument(new Argument("<vendor>", "vendor").choices(["openai", "xai"]))
    // Checked by the command: a required option here would also be demanded of `cost estimate`.
    .option("--since <when>", "window start, required: Nd (days ago), YYYY-MM-DD or ISO 8601", when)
    .option(
      "--until <when>",
      "window end, excluded (default today 00:00 UTC: whole days; `now` includes today so far)",
      when,
    )
    .option(
      "--attributed <usd>",
      "locally attributed spend over the window, for the drift",
      usdAmount,
    )
    .option("--group-by <dims>", "OpenAI only: line_item,project_id,api_key_id", groupBy)
    .addOption(
      new Option(
        "--base-url <url>",
        "vendor base address (env DISCOVERY_OPENAI_URL or DISCOVERY_XAI_MGMT_URL)",
      ),
    )
    .action(
      action(
        async (
          context,
          vendor: "openai" | "xai",
          options: {
            since?: Date;
            until?: Date;
            attributed?: number;
            groupBy?: (typeof GROUP_BY)[number][];
            baseUrl?: string;
          },
        ) => (await import("./cost-command.js")).costCommand(context, vendor, options),
      ),
    );
}
