import * as v from "valibot";
import type { PricesFile } from "./price-row.js";

const DAY = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const ID = v.pipe(v.string(), v.minLength(1), v.regex(/^\S+$/));
const USD = v.pipe(v.number(), v.finite(), v.minValue(0));
const POSITIVE_USD = v.pipe(v.number(), v.finite(), v.gtValue(0));
const CACHE = {
  cacheRead: v.optional(USD),
  cacheWrite5m: v.optional(USD),
  cacheWrite1h: v.optional(USD),
};
const TIER = v.strictObject({
  aboveInputTokens: v.pipe(v.number(), v.integer(), v.minValue(1)),
  input: USD,
  output: USD,
  ...CACHE,
});
const ROW = v.strictObject({
  provider: v.picklist(["anthropic", "openai", "deepseek", "xai", "google"]),
  model: ID,
  aliases: v.optional(v.array(ID)),
  prefixes: v.optional(v.array(ID)),
  input: POSITIVE_USD,
  output: POSITIVE_USD,
  ...CACHE,
  tiers: v.optional(v.pipe(v.array(TIER), v.minLength(1))),
  deprecated: v.optional(v.boolean()),
  note: v.optional(v.pipe(v.string(), v.minLength(1))),
  check: v.optional(
    v.strictObject({
      source: v.pipe(v.string(), v.startsWith("https://")),
      input: USD,
      output: USD,
      verifiedAt: v.optional(DAY),
    }),
  ),
  source: v.pipe(v.string(), v.startsWith("https://")),
  verifiedAt: DAY,
});

/** The valibot schema of a `prices.json` document (the same rules as `prices.schema.json`). */
export const PricesFileSchema = v.strictObject({
  $schema: v.string(),
  dataset: v.strictObject({
    name: v.pipe(v.string(), v.minLength(1)),
    version: v.pipe(v.string(), v.minLength(1)),
    releasedAt: DAY,
  }),
  rows: v.array(ROW),
});

/** `value` as a prices.json document, or null when it is not one. */
export function parsePricesFile(value: unknown): PricesFile | null {
  const parsed = v.safeParse(PricesFileSchema, value);
  return parsed.success ? (parsed.output as unknown as PricesFile) : null;
}
