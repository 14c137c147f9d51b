import { listModels, type ModelInfo } from "@discovery/catalog";
import { canonicalProvider, vendorName } from "@discovery/normalize";
import { CliError, EXIT_OK, formatTable, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { catalogEndpoints } from "./endpoints.js";
import { count, price } from "./format-number.js";
import { type ModelViewRow, modelView } from "./model-view.js";
import { loadCachedPrices } from "./prices-cache.js";

export interface ModelsCommandOptions {
  provider?: string;
  baseUrl?: string;
  /** Join list prices and retirement (`discovery models --prices`). */
  prices?: boolean;
}

/**
 * `discovery models [--provider p] [--prices]`: the AIMLAPI catalog, or the vendors' own lists
 * when it cannot be fetched. An empty result exits 1. JSON: `{ "models": ModelInfo[] }`; with
 * `--prices`, `{ "models": ModelViewRow[] }` (catalog record, provider, price row and its status,
 * retirement).
 */
export async function modelsCommand(
  context: CommandContext,
  options: ModelsCommandOptions,
): Promise<number> {
  loadCachedPrices(context);
  const models = await withProgress(context.io, "fetching the model catalog", () =>
    listModels({
      ...catalogEndpoints(context, options.baseUrl),
      ...(options.provider !== undefined ? { provider: options.provider } : {}),
      logger: context.logger,
    }),
  );
  // Warnings mean the aggregator failed or was empty: the fallback lists then need their keys.
  const catalogFailed = context.flushWarnings() > 0;
  if (options.prices === true) printView(context, modelView(models));
  else if (context.json) context.printJson({ models });
  else if (models.length > 0) context.io.stdout.write(modelTable(context, models));
  if (models.length === 0) {
    throw new CliError({
      message: `no models found${options.provider !== undefined ? ` for provider '${options.provider}'` : ""}`,
      hint: emptyHint(options.provider, catalogFailed),
    });
  }
  return EXIT_OK;
}

const FALLBACK_KEYS: Readonly<Record<string, string>> = {
  openai: "OPENAI_API_KEY",
  deepseek: "DEEPSEEK_API_KEY",
  xai: "XAI_API_KEY (or GROK_API_KEY)",
};

function emptyHint(provider: string | undefined, catalogFailed: boolean): string {
  if (provider === undefined) {
    return "the catalog could not be read: set OPENAI_API_KEY, DEEPSEEK_API_KEY or XAI_API_KEY for the vendors' own lists, or check DISCOVERY_AIMLAPI_URL";
  }
  if (!catalogFailed) {
    return "providers are openai, deepseek, xai (grok), anthropic (claude), google (gemini) or a catalog developer label";
  }
  const variable = FALLBACK_KEYS[canonicalProvider(provider) ?? ""];
  return variable === undefined
    ? `the catalog could not be read and '${provider}' has no model list of its own: check DISCOVERY_AIMLAPI_URL`
    : `the catalog could not be read: set ${variable} for the vendor's own list, or check DISCOVERY_AIMLAPI_URL`;
}

function modelTable(context: CommandContext, models: readonly ModelInfo[]): string {
  const { out } = context;
  return formatTable(
    [
      { header: "ID" },
      { header: "DEVELOPER" },
      { header: "TYPE" },
      { header: "CONTEXT", align: "right" },
      { header: "MAX OUT", align: "right" },
      { header: "SOURCE" },
    ],
    models.map((m) => [
      out.cyan(m.id),
      vendorName(m.developer),
      m.type ?? "-",
      count(m.contextLength),
      count(m.maxTokens),
      out.dim(m.source),
    ]),
    out,
  );
}

function printView(context: CommandContext, rows: readonly ModelViewRow[]): void {
  if (context.json) {
    context.printJson({ models: rows });
    return;
  }
  if (rows.length === 0) return;
  const { out } = context;
  const status = { priced: out.green("priced"), partial: out.yellow("partial"), unpriced: "-" };
  context.io.stdout.write(
    formatTable(
      [
        { header: "ID" },
        { header: "PROVIDER" },
        { header: "PRICE" },
        { header: "INPUT", align: "right" },
        { header: "OUTPUT", align: "right" },
        { header: "CACHE READ", align: "right" },
        { header: "PRICED AS" },
        { header: "RETIREMENT" },
      ],
      rows.map((row) => [
        out.cyan(row.model.id),
        row.provider ?? "-",
        status[row.priceStatus],
        price(row.price?.input),
        price(row.price?.output),
        price(row.price?.cacheRead),
        row.price === null ? "-" : out.dim(row.price.model),
        retirementText(context, row),
      ]),
      out,
    ),
  );
  context.io.stdout.write(
    out.dim("Prices: USD per million tokens, list prices; see `discovery price list`.\n"),
  );
}

function retirementText(context: CommandContext, row: ModelViewRow): string {
  if (row.retirementDate === null) return "-";
  if (row.retirementDate === "deprecated") return context.out.yellow("deprecated");
  return row.retired
    ? context.out.red(`retired ${row.retirementDate}`)
    : context.out.yellow(`retires ${row.retirementDate}`);
}
