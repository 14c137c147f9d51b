import { DiscoveryError } from "@discovery/core";
import { findPriceRow } from "./find-price-row.js";
import type { PriceFields, PriceRow } from "./price-row.js";

/** Token counts of one request (or a sum of requests) to price. */
export interface TokenUsage {
  /** Uncached input tokens. Required. */
  inputTokens: number;
  /** Output tokens, reasoning included. Required. */
  outputTokens: number;
  /** Input tokens read from the prompt cache, counted apart from `inputTokens`. Default 0. */
  cacheReadTokens?: number;
  /** Input tokens written to the cache at the default (5-minute) lifetime. Default 0. */
  cacheWrite5mTokens?: number;
  /** Input tokens written to the cache with a 1-hour lifetime. Default 0. */
  cacheWrite1hTokens?: number;
}

/**
 * What a request costs at list prices, in USD. Every amount is rounded to 10 decimal places (a
 * ten-thousandth of a micro-dollar), so sums carry no float noise (`0.1`, not `0.09999999999999999`).
 */
export interface CostEstimate {
  totalUsd: number;
  inputUsd: number;
  outputUsd: number;
  cacheReadUsd: number;
  /** 5-minute and 1-hour cache writes together. */
  cacheWriteUsd: number;
  /** `aboveInputTokens` of the long-context tier applied, 0 for the base prices. */
  tier: number;
  /** The prices charged, USD per million tokens: the row's, or its long-context tier's. */
  rates: PriceFields;
  /** The price row used. */
  price: PriceRow;
  /** The day (`YYYY-MM-DD`) the row's figures were checked: `price.verifiedAt`. */
  verifiedAt: string;
}

/**
 * The cost of `usage` for `modelId` at `provider` (ids matched as by
 * `priceFor`), or null when the model is unpriced. A long-context tier
 * applies to the whole request when its input (uncached, cache reads and
 * cache writes together) exceeds the tier's threshold. Cache tokens of a
 * model without a cache price are billed at its input price, as vendors
 * without a cache discount do. Throws a `DiscoveryError` (`invalid_argument`)
 * when a token count is not a finite number >= 0.
 */
export function estimateCost(
  provider: string,
  modelId: string,
  usage: TokenUsage,
): CostEstimate | null {
  const inputTokens = count(usage?.inputTokens, "inputTokens");
  const outputTokens = count(usage?.outputTokens, "outputTokens");
  const cacheRead = count(usage.cacheReadTokens ?? 0, "cacheReadTokens");
  const write5m = count(usage.cacheWrite5mTokens ?? 0, "cacheWrite5mTokens");
  const write1h = count(usage.cacheWrite1hTokens ?? 0, "cacheWrite1hTokens");
  const price = findPriceRow(provider, modelId);
  if (price === null) return null;
  const size = inputTokens + cacheRead + write5m + write1h;
  let prices: PriceFields = price;
  let tier = 0;
  if (price.tiers !== undefined) {
    for (const candidate of price.tiers) {
      if (size > candidate.aboveInputTokens) {
        prices = candidate;
        tier = candidate.aboveInputTokens;
      }
    }
  }
  const inputUsd = usd(inputTokens, prices.input);
  const outputUsd = usd(outputTokens, prices.output);
  const cacheReadUsd = usd(cacheRead, prices.cacheRead ?? prices.input);
  const cacheWriteUsd = roundUsd(
    usd(write5m, prices.cacheWrite5m ?? prices.input) +
      usd(write1h, prices.cacheWrite1h ?? prices.input),
  );
  return {
    totalUsd: roundUsd(inputUsd + outputUsd + cacheReadUsd + cacheWriteUsd),
    inputUsd,
    outputUsd,
    cacheReadUsd,
    cacheWriteUsd,
    tier,
    rates: ratesOf(prices),
    price,
    verifiedAt: price.verifiedAt,
  };
}

/** USD amounts are kept to 10 decimal places: far below a cent, and free of float noise. */
export function roundUsd(amount: number): number {
  return Math.round(amount * 1e10) / 1e10;
}

function usd(tokens: number, perMillion: number): number {
  return roundUsd((tokens * perMillion) / 1e6);
}

function ratesOf(prices: PriceFields): PriceFields {
  const { input, output, cacheRead, cacheWrite5m, cacheWrite1h } = prices;
  return {
    input,
    output,
    ...(cacheRead !== undefined ? { cacheRead } : {}),
    ...(cacheWrite5m !== undefined ? { cacheWrite5m } : {}),
    ...(cacheWrite1h !== undefined ? { cacheWrite1h } : {}),
  };
}

function count(value: unknown, name: string): number {
  if (typeof value === "number" && value >= 0 && value < Number.POSITIVE_INFINITY) return value;
  throw new DiscoveryError({
    code: "invalid_argument",
    message: `estimateCost: usage.${name} must be a finite number >= 0 (a token count)`,
  });
}
