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

/** What a request costs at list prices, in USD. */
export interface CostEstimate {
  totalUsd: number;
  inputUsd: number;
  outputUsd: number;
  cacheReadUsd: number;
  /** 5-minute and 1-hour cache writes together. */
  cacheWriteUsd: number;
  /** `aboveInputTokens` of the long-context tier applied, 0 for the base prices. */
  tier: number;
  /** The price row used. */
  price: PriceRow;
}

const PER_TOKEN = 1e-6;

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
  const inputUsd = inputTokens * prices.input * PER_TOKEN;
  const outputUsd = outputTokens * prices.output * PER_TOKEN;
  const cacheReadUsd = cacheRead * (prices.cacheRead ?? prices.input) * PER_TOKEN;
  const cacheWriteUsd =
    (write5m * (prices.cacheWrite5m ?? prices.input) +
      write1h * (prices.cacheWrite1h ?? prices.input)) *
    PER_TOKEN;
  return {
    totalUsd: inputUsd + outputUsd + cacheReadUsd + cacheWriteUsd,
    inputUsd,
    outputUsd,
    cacheReadUsd,
    cacheWriteUsd,
    tier,
    price,
  };
}

function count(value: unknown, name: string): number {
  if (typeof value === "number" && value >= 0 && value < Number.POSITIVE_INFINITY) return value;
  throw new DiscoveryError(
    "invalid_argument",
    `estimateCost: usage.${name} must be a finite number >= 0 (a token count)`,
  );
}
