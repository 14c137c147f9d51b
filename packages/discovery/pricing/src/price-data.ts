import type { PricesFile } from "./price-row.js";
import data from "./prices.json" with { type: "json" };

/**
 * The shipped price data, frozen. Trusted without a runtime parse: it is this
 * package's own build output, and a test validates it against
 * `prices.schema.json`, so startup does not pay for a check of 150 rows.
 */
export const PRICES: PricesFile = deepFreeze(data as unknown as PricesFile);

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
