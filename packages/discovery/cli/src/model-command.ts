import { getModelInfo, listModels, type ModelInfo } from "@discovery/catalog";
import { vendorName } from "@discovery/normalize";
import {
  fetchGeminiPricing,
  type PriceRow,
  type ProviderPricing,
  priceFor,
  pricingForAnthropicModel,
} from "@discovery/pricing";
import {
  getLifecycle,
  isRetired,
  type LifecycleEntry,
  retirementDate,
} from "@discovery/retirement";
import { CliError, EXIT_OK, formatTable, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { catalogEndpoints, endpoint } from "./endpoints.js";
import { count, price as money } from "./format-number.js";
import { inferProvider } from "./infer-provider.js";
import { type PriceStatus, priceStatus } from "./model-view.js";
import { anthropicPriceTable, geminiPriceTable } from "./price-table.js";
import { loadCachedPrices } from "./prices-cache.js";
import { suggestModelIds } from "./suggest-model-ids.js";

export interface ModelCommandOptions {
  provider?: string;
  baseUrl?: string;
}

/** `model <id>` as JSON. */
export interface ModelReport {
  id: string;
  /** The catalog record, null when the catalog does not know the id. */
  model: ModelInfo | null;
  /** Adapter name of the vendor, null when unknown. */
  provider: string | null;
  /**
   * `date`: the retirement date (`YYYY-MM-DD`), `deprecated`, or null; `retired` is null and
   * `status` `unknown` when no registry knows the model (never "not retired").
   */
  retirement: {
    date: string | null;
    retired: boolean | null;
    status: LifecycleEntry["status"] | "unknown";
  };
  /** Known prices: the Anthropic table row, or Gemini Cloud Billing records when a billing key is set. */
  prices: ProviderPricing[];
  /** The list-price row of `prices.json` matched across spellings, or null. */
  price: PriceRow | null;
  priceStatus: PriceStatus;
  /** Catalog ids close to `id` when the catalog does not know it, best first; else empty. */
  suggestions: string[];
}

/**
 * `discovery model <id>`: the catalog record plus retirement status and known prices. An id the
 * catalog does not know but the price list does is shown with its price and a one-line note,
 * exit 0; an id known to neither exits 1 with the closest catalog ids as a hint.
 */
export async function modelCommand(
  context: CommandContext,
  id: string,
  options: ModelCommandOptions,
): Promise<number> {
  loadCachedPrices(context);
  const catalog = { ...catalogEndpoints(context, options.baseUrl), logger: context.logger };
  const model = await withProgress(context.io, "looking up the model", () =>
    getModelInfo(id, catalog),
  );
  const provider = inferProvider(id, model?.developer, options.provider);
  const date = provider === null ? null : retirementDate(provider, id);
  const status = provider === null ? "unknown" : getLifecycle(provider, id).status;
  const known = date !== null || status !== "unknown";
  const retired = provider !== null && known ? isRetired(provider, id) : null;
  const prices = await knownPrices(context, provider, [id, ...(model?.aliases ?? [])]);
  const price = listPrice(provider, id, model);
  const suggestions = model === null ? suggestModelIds(id, await listModels(catalog)) : [];
  context.flushWarnings();
  const report: ModelReport = {
    id,
    model,
    provider,
    retirement: { date, retired, status },
    prices,
    price,
    priceStatus: priceStatus(price),
    suggestions,
  };
  if (context.json) context.printJson(report);
  else printReport(context, report);
  if (model !== null || price !== null) return EXIT_OK;
  throw new CliError({
    message: `model '${id}' is not in the catalog`,
    hint:
      suggestions.length > 0
        ? `${didYouMean(suggestions)}?`
        : "`discovery models --provider <vendor>` lists the known ids",
  });
}

function didYouMean(suggestions: readonly string[]): string {
  return `did you mean ${suggestions.map((s) => `'${s}'`).join(", ")}`;
}

function listPrice(provider: string | null, id: string, model: ModelInfo | null): PriceRow | null {
  if (provider === null) return null;
  for (const candidate of [id, ...(model?.aliases ?? [])]) {
    const row = priceFor(provider, candidate);
    if (row !== null) return row;
  }
  return null;
}

async function knownPrices(
  context: CommandContext,
  provider: string | null,
  ids: readonly string[],
): Promise<ProviderPricing[]> {
  const bare = ids.map((id) => id.replace(/^[^/]+\//, ""));
  if (provider === "anthropic") {
    for (const id of [...ids, ...bare]) {
      const record = pricingForAnthropicModel(id);
      if (record) return [record];
    }
    return [];
  }
  if (provider !== "google") return [];
  const apiKey = context.env("GOOGLE_CLOUD_BILLING_API_KEY") ?? context.env("GOOGLE_CLOUD_API_KEY");
  if (apiKey === undefined) return [];
  const baseUrl = endpoint(context, "billing");
  const records = await withProgress(context.io, "fetching Gemini prices", () =>
    fetchGeminiPricing({
      apiKey,
      logger: context.logger,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
    }),
  );
  // `gemini-2.5-pro` is written `Gemini 2.5 Pro ...` in SKU descriptions.
  const hint = (bare[0] ?? "").replaceAll("-", " ").toLowerCase();
  return records.filter(
    (r) => r.tierThresholdTokens === 0 && r.modelHint.toLowerCase().includes(hint),
  );
}

function printReport(context: CommandContext, report: ModelReport): void {
  const { out, io } = context;
  const m = report.model;
  const retirement =
    report.retirement.date === null
      ? out.yellow("status unknown: not in the lifecycle registry (not known to be retired)")
      : report.retirement.date === "deprecated"
        ? out.yellow("deprecated (still routable)")
        : report.retirement.retired
          ? out.red(`retired since ${report.retirement.date}`)
          : out.yellow(`retires on ${report.retirement.date}`);
  if (m === null) {
    if (report.price !== null) {
      const hint = report.suggestions.length > 0 ? ` (${didYouMean(report.suggestions)}?)` : "";
      io.stdout.write(
        `${out.cyan(report.id)}: not in the catalog${hint}; list price of ${report.provider}/${report.price.model} below\n`,
      );
    }
    if (report.provider !== null) io.stdout.write(`${out.cyan(report.id)}: ${retirement}\n`);
  } else {
    io.stdout.write(
      formatTable(
        [{ header: "FIELD" }, { header: "VALUE" }],
        modelRows(context, report.id, m, report.provider, retirement),
        out,
      ),
    );
  }
  if (report.price !== null) io.stdout.write(`\n${listPriceLine(context, report.price)}`);
  if (report.prices.length === 0) return;
  io.stdout.write("\n");
  io.stdout.write(
    report.provider === "anthropic"
      ? anthropicPriceTable(context, report.prices)
      : geminiPriceTable(context, report.prices),
  );
}

function modelRows(
  context: CommandContext,
  id: string,
  m: ModelInfo,
  provider: string | null,
  retirement: string,
): [string, string][] {
  return [
    ["id", context.out.cyan(id)],
    ["name", m.name ?? "-"],
    ["developer", vendorName(m.developer)],
    ["provider", provider ?? "-"],
    ["type", m.type ?? "-"],
    ["context", count(m.contextLength)],
    ["max output", count(m.maxTokens)],
    ["aliases", m.aliases.length > 0 ? m.aliases.join(", ") : "-"],
    ["source", m.source],
    ["retirement", retirement],
  ];
}

function listPriceLine(context: CommandContext, row: PriceRow): string {
  const { out } = context;
  const cache = row.cacheRead === undefined ? "" : `, cache read ${money(row.cacheRead)}`;
  const tier = row.tiers?.[0];
  const long =
    tier === undefined
      ? ""
      : `; input over ${count(tier.aboveInputTokens)} tokens: ${money(tier.input)} / ${money(tier.output)}`;
  return (
    `list price (USD per 1M tokens): input ${money(row.input)}, output ${money(row.output)}${cache}${long}\n` +
    out.dim(`source: ${row.source} (verified ${row.verifiedAt})\n`)
  );
}
