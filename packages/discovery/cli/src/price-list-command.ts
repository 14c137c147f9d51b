import { activePrices, listPrices, type PriceRow } from "@discovery/pricing";
import { CliError, EXIT_OK, formatTable } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { dataAgeDays } from "./data-age.js";
import { count, price } from "./format-number.js";
import { loadCachedPrices } from "./prices-cache.js";

/**
 * `discovery price list [--provider p]`: the list prices of every vendor (or one), USD per
 * million tokens, from the package's `prices.json`. JSON: `{ prices: (PriceRow & { dataAgeDays })[],
 * dataset: { name, version, releasedAt, ageDays } }`. An unknown
 * provider exits 1.
 */
export function priceListCommand(context: CommandContext, options: { provider?: string }): number {
  loadCachedPrices(context);
  const rows = listPrices(options.provider === undefined ? {} : { provider: options.provider });
  if (rows.length === 0) {
    throw new CliError({
      message: `no prices for provider '${options.provider}'`,
      hint: "providers are openai, deepseek, xai (grok), anthropic (claude), google (gemini)",
    });
  }
  if (context.json) {
    // How old the figures are: the dataset's release and each row's own check day.
    const dataset = {
      ...activePrices().dataset,
      ageDays: dataAgeDays(activePrices().dataset.releasedAt),
    };
    const prices = rows.map((row) => ({ ...row, dataAgeDays: dataAgeDays(row.verifiedAt) }));
    context.printJson({ prices, dataset });
  } else context.io.stdout.write(priceTable(context, rows));
  return EXIT_OK;
}

function priceTable(context: CommandContext, rows: readonly PriceRow[]): string {
  const { out } = context;
  return formatTable(
    [
      { header: "PROVIDER" },
      { header: "MODEL" },
      { header: "INPUT", align: "right" },
      { header: "OUTPUT", align: "right" },
      { header: "CACHE READ", align: "right" },
      { header: "CACHE WRITE", align: "right" },
      { header: "LONG CONTEXT" },
      { header: "VERIFIED" },
      { header: "SECOND SOURCE" },
    ],
    rows.map((row) => {
      const tier = row.tiers?.[0];
      return [
        row.provider,
        out.cyan(row.model),
        price(row.input),
        price(row.output),
        price(row.cacheRead),
        price(row.cacheWrite5m),
        tier === undefined
          ? "-"
          : `>${count(tier.aboveInputTokens)}: ${price(tier.input)}/${price(tier.output)}`,
        out.dim(row.verifiedAt),
        // A second dataset disagrees: its figures, marked, so the reader can judge.
        row.check === undefined
          ? "-"
          : out.yellow(
              `! ${price(row.check.input)}/${price(row.check.output)} (${new URL(row.check.source).host})`,
            ),
      ];
    }),
    out,
  );
}
