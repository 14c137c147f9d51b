import { activePrices, PRICES, setActivePrices } from "./price-data.js";
import { parsePricesFile } from "./prices-file-schema.js";

/** What `usePriceData` did: `used`, or why it kept the data it had. */
export type UsePriceDataOutcome = "used" | "invalid" | "older";

/**
 * Makes the lookups (`priceFor`, `listPrices`, `estimateCost`) read `file`, a prices.json
 * document such as the one `discovery prices update` caches, instead of the bundled data. A file
 * that is not a valid document is refused (`invalid`), and so is one whose dataset release is
 * older than the bundled one's or the one in use (`older`): prices never go back in time.
 */
export function usePriceData(file: unknown): UsePriceDataOutcome {
  const parsed = parsePricesFile(file);
  if (parsed === null) return "invalid";
  const floor = [PRICES.dataset.releasedAt, activePrices().dataset.releasedAt].sort().at(-1) ?? "";
  if (parsed.dataset.releasedAt < floor) return "older";
  setActivePrices(parsed);
  return "used";
}
