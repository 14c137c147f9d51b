import type { ProviderPricing } from "@discovery/pricing";
import { formatTable } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { price as money, usd } from "./format-number.js";

/** Anthropic rows: the five per-million-token prices of the static table. */
export function anthropicPriceTable(
  context: CommandContext,
  records: readonly ProviderPricing[],
): string {
  const { out } = context;
  return formatTable(
    [
      { header: "MODEL" },
      { header: "INPUT", align: "right" },
      { header: "CACHE WRITE 5M", align: "right" },
      { header: "CACHE WRITE 1H", align: "right" },
      { header: "CACHE HIT", align: "right" },
      { header: "OUTPUT", align: "right" },
      { header: "UNIT" },
    ],
    records.map((r) => [
      out.cyan(r.modelHint),
      money(r.inputPerMtok),
      money(r.cacheWrite5mPerMtok),
      money(r.cacheWrite1hPerMtok),
      money(r.cacheHitPerMtok),
      money(r.outputPerMtok),
      out.dim(`USD/${r.usageUnit ?? "MTok"}`),
    ]),
    out,
  );
}

/** Gemini rows: one price per record, per billing unit as Cloud Billing states it, and per million. */
export function geminiPriceTable(
  context: CommandContext,
  records: readonly ProviderPricing[],
): string {
  const { out } = context;
  return formatTable(
    [
      { header: "MODEL HINT" },
      { header: "DIRECTION" },
      { header: "TIER" },
      { header: "USD/UNIT", align: "right" },
      { header: "UNIT" },
      { header: "USD/1M", align: "right" },
      { header: "SKU" },
    ],
    records.map((r) => {
      const direction = r.inputPerMtok !== null ? "input" : "output";
      const price = r.inputPerMtok ?? r.outputPerMtok;
      return [
        out.cyan(r.modelHint),
        direction,
        r.tierThresholdTokens > 0 ? `>${r.tierThresholdTokens / 1000}k` : "base",
        price === null ? "-" : String(price),
        r.usageUnit ?? "-",
        perMillion(r.usageUnit, price) ?? "-",
        out.dim(r.skuId),
      ];
    }),
    out,
  );
}

/** USD per million tokens for per-token (`count`) prices, else null. */
export function perMillionTokens(usageUnit: string | null, price: number | null): number | null {
  if (price === null || usageUnit !== "count") return null;
  // Rounded to whole nanodollars per token, which is what the catalog's Money type carries.
  return Math.round(price * 1e9) / 1e3;
}

function perMillion(usageUnit: string | null, price: number | null): string | undefined {
  const value = perMillionTokens(usageUnit, price);
  return value === null ? undefined : usd(value);
}
