import type { PricesFile } from "./price-row.js";
import data from "./prices.json" with { type: "json" };

/**
 * The shipped price data, frozen. Trusted without a runtime parse: it is this
 * package's own build output, and a test validates it against
 * `prices.schema.json`, so startup does not pay for a check of 150 rows.
 */
export const PRICES: PricesFile = deepFreeze(data as unknown as PricesFile);

let active: PricesFile = PRICES;
let generation = 0;

/** The price data the lookups read: the bundled `PRICES`, or a newer file given to `usePriceData`. */
export function activePrices(): PricesFile {
  return active;
}

/** Changes whenever the active data does, so that indexes built on it know to rebuild. */
export function priceDataGeneration(): number {
  return generation;
}

/** Makes `file` (already checked) the data the lookups read. */
export function setActivePrices(file: PricesFile): void {
  active = deepFreeze(file);
  generation++;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
