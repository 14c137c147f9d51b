import { type CostEstimate, estimateCost, listPrices } from "@discovery/pricing";
import { CliError, EXIT_OK, formatTable } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { dataAgeDays } from "./data-age.js";
import { count, price, usd } from "./format-number.js";
import { inferProvider } from "./infer-provider.js";
import { loadCachedPrices } from "./prices-cache.js";
import { suggestModelIds } from "./suggest-model-ids.js";

export interface CostEstimateOptions {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite5m?: number;
  cacheWrite1h?: number;
  provider?: string;
}

/** `cost estimate` as JSON. */
export interface CostEstimateReport {
  model: string;
  provider: string;
  usage: {
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWrite5mTokens: number;
    cacheWrite1hTokens: number;
  };
  estimate: CostEstimate;
  /** Whole days from the price row's `verifiedAt` to today (UTC). */
  dataAgeDays: number;
}

/**
 * `discovery cost estimate <model> --input N --output N`: what the tokens cost at list prices,
 * with the long-context tier by input size. Exits 1 when the model has no price (nothing is
 * guessed). JSON: {@link CostEstimateReport}.
 */
export function costEstimateCommand(
  context: CommandContext,
  model: string,
  options: CostEstimateOptions,
): number {
  loadCachedPrices(context);
  const provider = inferProvider(model, undefined, options.provider);
  if (provider === null) {
    throw new CliError({
      message: `cannot tell the vendor of '${model}'`,
      hint: "add --provider openai|anthropic|google|deepseek|xai",
    });
  }
  const usage = {
    inputTokens: options.input,
    outputTokens: options.output,
    cacheReadTokens: options.cacheRead ?? 0,
    cacheWrite5mTokens: options.cacheWrite5m ?? 0,
    cacheWrite1hTokens: options.cacheWrite1h ?? 0,
  };
  const estimate = estimateCost(provider, model, usage);
  if (estimate === null) {
    const rows = listPrices({ provider }).map((row) => ({
      id: row.model,
      aliases: row.aliases ?? [],
    }));
    const near = suggestModelIds(model, rows);
    throw new CliError({
      message: `no list price for ${provider} model '${model}'`,
      hint:
        near.length > 0
          ? `did you mean ${near.map((id) => `'${id}'`).join(", ")}? Unconfirmed prices are left out, not guessed`
          : "`discovery price list --provider <vendor>` shows the priced models; unconfirmed prices are left out, not guessed",
    });
  }
  const report: CostEstimateReport = {
    model,
    provider,
    usage,
    estimate,
    dataAgeDays: dataAgeDays(estimate.verifiedAt),
  };
  if (context.json) context.printJson(report);
  else printEstimate(context, report);
  return EXIT_OK;
}

function printEstimate(context: CommandContext, report: CostEstimateReport): void {
  const { out } = context;
  const { estimate, usage } = report;
  const row = estimate.price;
  const tier =
    estimate.tier > 0 ? `long context (input over ${count(estimate.tier)} tokens)` : "base";
  const lines: [string, string, string][] = [
    ["input", count(usage.inputTokens), usd(estimate.inputUsd)],
    ["output", count(usage.outputTokens), usd(estimate.outputUsd)],
    ["cache read", count(usage.cacheReadTokens), usd(estimate.cacheReadUsd)],
    [
      "cache write",
      count(usage.cacheWrite5mTokens + usage.cacheWrite1hTokens),
      usd(estimate.cacheWriteUsd),
    ],
    [out.bold("total"), "", out.bold(usd(estimate.totalUsd))],
  ];
  // The prices charged: the long-context tier's when it applied, not the row's base prices.
  const rates = estimate.rates;
  context.io.stdout.write(
    `${out.cyan(report.model)} priced as ${report.provider}/${row.model} (${tier}); ` +
      `list prices USD/1M: input ${price(rates.input)}, output ${price(rates.output)}\n`,
  );
  context.io.stdout.write(
    formatTable(
      [{ header: "PART" }, { header: "TOKENS", align: "right" }, { header: "USD", align: "right" }],
      lines,
      out,
    ),
  );
  context.io.stdout.write(
    out.dim(`source: ${row.source} (verified ${row.verifiedAt}, ${report.dataAgeDays} days ago)\n`),
  );
  if (row.note !== undefined) context.io.stdout.write(out.dim(`note: ${row.note}\n`));
}
