import {
  Argument,
  addCompletion,
  type CliIo,
  type Command,
  createAction,
  createCliProgram,
  InvalidArgumentError,
  Option,
  type ProgramResult,
} from "@mesh/cli-kit";
import pkg from "../package.json" with { type: "json" };
import { addHelpExamples } from "./add-help-examples.js";
import type { CheckCommandOptions } from "./check-command.js";
import { createContext, type GlobalOptions } from "./command-context.js";
import type { CostEstimateOptions } from "./cost-estimate-command.js";
import { parseDays } from "./parse-days.js";
import { parseWhen } from "./parse-when.js";

// Spelled here, not imported from the command module, so that `--help` loads no lookup data.
const CHECK_SCOPE_CHOICES = ["first-party", "bedrock", "vertex", "azure", "openrouter", "any"];

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

function day(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError("expected YYYY-MM-DD");
  try {
    parseWhen(value);
  } catch {
    throw new InvalidArgumentError("expected a real calendar day, YYYY-MM-DD");
  }
  return value;
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

const baseUrlOption = (vendor: string, variable: string) =>
  new Option("--base-url <url>", `${vendor} base address (env ${variable})`);

/**
 * The `discovery` program (see `createCliProgram` for the exit and output handling). Command
 * modules (with the lookup libraries) load lazily so that `--help` stays fast.
 */
export function createProgram(io: CliIo, result: ProgramResult): Command {
  const program = createCliProgram(io, {
    name: "discovery",
    description: "Models, prices, balances, costs and retirements across LLM vendors.",
    version: pkg.version,
    helpAfter: `
Exit status: 0 ok, 1 not found / empty / missing key / failed lookup, 2 usage error.
Credentials (environment only): OPENAI_API_KEY, DEEPSEEK_API_KEY, XAI_API_KEY (or GROK_API_KEY),
  GOOGLE_CLOUD_BILLING_API_KEY (or GOOGLE_CLOUD_API_KEY), OPENAI_ADMIN_KEY,
  XAI_MANAGEMENT_KEY with XAI_TEAM_ID.
Addresses (for tests and proxies): DISCOVERY_AIMLAPI_URL, DISCOVERY_OPENAI_URL,
  DISCOVERY_DEEPSEEK_URL, DISCOVERY_XAI_URL, DISCOVERY_XAI_MGMT_URL, DISCOVERY_BILLING_URL,
  DISCOVERY_OPENAI_COSTS_URL, DISCOVERY_DEEPSEEK_BALANCE_URL (default: the vendor's address).
Offline trial: \`discovery-fakes > fakes.env &\` (from @discovery/testing), then \`. ./fakes.env\`.`,
  }).option("--json", "machine-readable output on stdout");

  const action = createAction(result, (command) =>
    createContext(io, command.optsWithGlobals<GlobalOptions>()),
  );

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

  addHelpExamples(program);
  addCompletion(program);
  return program;
}
