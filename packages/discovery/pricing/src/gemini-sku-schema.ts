import * as v from "valibot";

/**
 * One page of `GET /v1/services/{serviceId}/skus`. Google leaves out empty
 * fields, so a page without `skus` is an empty page and a missing
 * `nextPageToken` ends the listing. SKUs stay unknown here: only Gemini SKUs
 * are read further, so an odd unrelated SKU cannot spoil the page.
 */
export const BillingPageSchema = v.pipe(
  // v.object alone would take a JSON array for an empty page.
  v.custom<Record<string, unknown>>(
    (input) => typeof input === "object" && input !== null && !Array.isArray(input),
    "expected a JSON object",
  ),
  v.object({
    skus: v.optional(v.array(v.unknown()), []),
    nextPageToken: v.optional(v.string(), ""),
  }),
);

/** Just enough of a SKU to tell whether it is a Gemini one. */
export const DescribedSkuSchema = v.object({ description: v.string() });

// int64 travels as a JSON string; a plain integer is accepted too.
const UnitsSchema = v.union([
  v.pipe(v.string(), v.regex(/^-?\d{1,19}$/)),
  v.pipe(v.number(), v.safeInteger(), v.transform(String)),
]);

const MoneySchema = v.object({
  currencyCode: v.optional(v.string()),
  units: v.optional(UnitsSchema),
  nanos: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(-999_999_999), v.maxValue(999_999_999)),
  ),
});

const TieredRateSchema = v.object({
  startUsageAmount: v.optional(v.pipe(v.number(), v.finite()), 0),
  unitPrice: v.optional(MoneySchema),
});

const PricingInfoSchema = v.object({
  effectiveTime: v.optional(v.string()),
  pricingExpression: v.optional(
    v.object({
      usageUnit: v.optional(v.string()),
      tieredRates: v.optional(v.array(TieredRateSchema), []),
    }),
  ),
});

/** The parts of a Gemini SKU that pricing reads. */
export const GeminiSkuSchema = v.object({
  skuId: v.string(),
  description: v.string(),
  pricingInfo: v.optional(v.array(PricingInfoSchema), []),
});

export type GeminiSku = v.InferOutput<typeof GeminiSkuSchema>;
