import { type ListModelsOptions, listModels, type ModelInfo } from "@discovery/catalog";
import { findProvider, PROVIDER_INFO, type ProviderName } from "@discovery/normalize";
import { type PriceRow, priceFor } from "@discovery/pricing";
import { getLifecycle, isRetired, retirementDate } from "@discovery/retirement";

/**
 * How much of a model's price is known: `priced` (input, output and cache-read prices),
 * `partial` (input and output only: cached tokens are estimated at the input price), `unpriced`
 * (no price row: no estimate is made).
 */
export type PriceStatus = "priced" | "partial" | "unpriced";

/** One model of the catalog joined with its list prices and retirement. */
export interface ModelViewRow {
  /** The catalog record. */
  model: ModelInfo;
  /** Adapter name of the vendor, from the catalog's developer label; null for other developers. */
  provider: ProviderName | null;
  /** The price row matched across spellings (dated snapshots, vendor prefixes, aliases), or null. */
  price: PriceRow | null;
  priceStatus: PriceStatus;
  /** The retirement date (`YYYY-MM-DD`), `deprecated`, or null when none is known. */
  retirementDate: string | null;
  /**
   * Whether the model is retired on `today`; null when neither the retirement registry nor the
   * lifecycle registry knows the model (never "not retired" for a model nobody vouches for).
   */
  retired: boolean | null;
}

/** Options of {@link modelView}. */
export interface ModelViewOptions {
  /** The UTC day retirement is judged on: `Date` or `YYYY-MM-DD`. Default: today. */
  today?: Date | string;
}

/**
 * Joins catalog records with `prices.json` and the retirement registry, one row per model in
 * catalog order. The vendor comes from the catalog's developer label; ids are matched to price
 * rows across the vendors' spellings (`claude-3-5-haiku-20241022` finds `claude-haiku-3-5`,
 * `x-ai/grok-4-07-09` finds `grok-4-0709`). Never throws.
 */
export function modelView(
  models: readonly ModelInfo[],
  options: ModelViewOptions = {},
): ModelViewRow[] {
  const today = options.today ?? new Date();
  return models.map((model) => {
    const provider = providerOf(model);
    const price = provider === null ? null : priceFrom(provider, model);
    const date = provider === null ? null : retirementDate(provider, model.id);
    return {
      model,
      provider,
      price,
      priceStatus: priceStatus(price),
      retirementDate: date,
      retired: retiredOrUnknown(provider, model.id, date, today),
    };
  });
}

/** {@link modelView} over `listModels(options)`: the catalog (or the fallback lists) with prices. */
export async function listModelView(
  options: ListModelsOptions & ModelViewOptions = {},
): Promise<ModelViewRow[]> {
  const { today, ...listOptions } = options;
  return modelView(await listModels(listOptions), today === undefined ? {} : { today });
}

/** The tri-state of a price row. */
export function priceStatus(price: PriceRow | null): PriceStatus {
  if (price === null) return "unpriced";
  return price.cacheRead === undefined ? "partial" : "priced";
}

const BY_LABEL = new Map(PROVIDER_INFO.map((info) => [info.developerLabel, info.name]));

function providerOf(model: ModelInfo): ProviderName | null {
  // Fallback rows carry the vendor's adapter name as their source.
  return BY_LABEL.get(model.developer) ?? findProvider(model.source)?.name ?? null;
}

function priceFrom(provider: ProviderName, model: ModelInfo): PriceRow | null {
  const direct = priceFor(provider, model.id);
  if (direct !== null) return direct;
  for (const alias of model.aliases) {
    const row = priceFor(provider, alias);
    if (row !== null) return row;
  }
  return null;
}

function retiredOrUnknown(
  provider: ProviderName | null,
  id: string,
  date: string | null,
  today: Date | string,
): boolean | null {
  if (provider === null) return null;
  if (date === null && getLifecycle(provider, id).status === "unknown") return null;
  return isRetired(provider, id, { today });
}
