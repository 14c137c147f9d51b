import { ANTHROPIC_PRICE_TABLE } from "./anthropic-price-table.js";
import { anthropicRecord } from "./anthropic-record.js";
import type { ProviderPricing } from "./provider-pricing.js";

/**
 * One record per row of the Anthropic static price table, in table order
 * (prices in USD per million tokens). Fresh objects on every call.
 */
export function listAnthropicPricing(): ProviderPricing[] {
  return ANTHROPIC_PRICE_TABLE.map(anthropicRecord);
}
