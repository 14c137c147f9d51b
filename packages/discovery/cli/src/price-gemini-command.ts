import {
  fetchGeminiPricing,
  type ProviderPricing,
  pricingForGeminiModel,
} from "@discovery/pricing";
import { CliError, EXIT_OK, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { endpoint } from "./endpoints.js";
import { geminiPriceTable, perMillionTokens } from "./price-table.js";

export interface PriceGeminiCommandOptions {
  direction: "input" | "output";
  long?: boolean;
  serviceId?: string;
  baseUrl?: string;
}

/** `price gemini` as JSON: `{ "price": GeminiPrice | null }`. */
export interface GeminiPrice {
  /** The hint asked for. */
  query: string;
  direction: "input" | "output";
  tierThresholdTokens: number;
  /** Price per billing unit as Cloud Billing states it (per token for `count`). */
  usdPerUnit: number;
  /** The matched record's unit (`count` = tokens), null when unknown. */
  usageUnit: string | null;
  /** `usdPerUnit` per million tokens when the unit is `count`, else null. */
  usdPerMillionTokens: number | null;
  /** The matched record's model hint, SKU and fetch time (null when no record carries the price). */
  modelHint: string | null;
  skuId: string | null;
  skuDescription: string | null;
  verifiedAt: string | null;
}

const TIER_LONG = 128_000;

/**
 * `discovery price gemini <hint> [--direction] [--long]`: the Gemini price from the Cloud Billing
 * Catalog. Needs `GOOGLE_CLOUD_BILLING_API_KEY` (or `GOOGLE_CLOUD_API_KEY`). Exits 1 when no
 * key is set or no price matches.
 */
export async function priceGeminiCommand(
  context: CommandContext,
  hint: string,
  options: PriceGeminiCommandOptions,
): Promise<number> {
  const apiKey = context.env("GOOGLE_CLOUD_BILLING_API_KEY") ?? context.env("GOOGLE_CLOUD_API_KEY");
  if (apiKey === undefined) {
    throw new CliError({
      message: "no Cloud Billing API key",
      hint: "set GOOGLE_CLOUD_BILLING_API_KEY to a Google Cloud API key allowed to call Cloud Billing (or GOOGLE_CLOUD_API_KEY)",
    });
  }
  const baseUrl = endpoint(context, "billing", options.baseUrl);
  const tier = options.long === true ? TIER_LONG : 0;
  const fetchOptions = {
    apiKey,
    logger: context.logger,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(options.serviceId !== undefined ? { serviceId: options.serviceId } : {}),
  };
  const price = await withProgress(context.io, "fetching Gemini prices", () =>
    pricingForGeminiModel(hint, {
      ...fetchOptions,
      direction: options.direction,
      tierThresholdTokens: tier,
    }),
  );
  // Served from the pricing cache the lookup above filled: no second download.
  const record =
    price === null
      ? undefined
      : (await fetchGeminiPricing(fetchOptions)).find((r) =>
          matches(r, hint, tier, options.direction, price),
        );
  const failed = context.flushWarnings() > 0;
  const result: GeminiPrice | null =
    price === null
      ? null
      : {
          query: hint,
          direction: options.direction,
          tierThresholdTokens: tier,
          usdPerUnit: price,
          usageUnit: record?.usageUnit ?? null,
          usdPerMillionTokens: perMillionTokens(record?.usageUnit ?? null, price),
          modelHint: record?.modelHint ?? null,
          skuId: record?.skuId ?? null,
          skuDescription: record?.skuDescription ?? null,
          verifiedAt: record?.verifiedAt ?? null,
        };
  if (context.json) context.printJson({ price: result });
  else if (record) context.io.stdout.write(geminiPriceTable(context, [record]));
  else if (result) context.io.stdout.write(`${result.usdPerUnit}\n`);
  if (result === null) {
    throw new CliError({
      message: failed
        ? "the Cloud Billing Catalog could not be read"
        : `no Gemini ${options.direction} price matches '${hint}'${tier ? " in the long-context tier" : ""}`,
      hint: failed
        ? "check that GOOGLE_CLOUD_BILLING_API_KEY may call the Cloud Billing API"
        : "hints match SKU descriptions loosely, e.g. '2.5 pro' or 'gemini 2.5 flash'",
    });
  }
  return EXIT_OK;
}

function matches(
  record: ProviderPricing,
  hint: string,
  tier: number,
  direction: "input" | "output",
  price: number,
): boolean {
  const value = direction === "input" ? record.inputPerMtok : record.outputPerMtok;
  return (
    value === price &&
    record.tierThresholdTokens === tier &&
    record.modelHint.toLowerCase().includes(hint.toLowerCase())
  );
}
