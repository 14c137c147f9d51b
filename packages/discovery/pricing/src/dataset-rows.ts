// Converts the open price dataset (@pydantic/genai-prices' provider list, as its package embeds it
// and as its repository publishes it per release in prices/data.json) into prices.json rows.
// Shared by the build script and `discovery prices update`.

// Type imports only: the build script runs this file with Node directly, before any build.
import type { AnthropicLongContextTier, AnthropicPriceRow } from "./anthropic-price-table.js";
import type { PriceRow, PricesFile } from "./price-row.js";

/** This package's Anthropic table, passed in (see the note on the imports). */
export interface AnthropicTable {
  readonly rows: readonly AnthropicPriceRow[];
  readonly longContext: Readonly<Record<string, AnthropicLongContextTier>>;
  readonly verifiedAt: string;
}

/** Name of the dataset the non-Anthropic rows come from. */
export const DATASET_NAME = "@pydantic/genai-prices";
const ANTHROPIC_SOURCE = "https://claude.com/pricing";
const DATASET_PAGE = "https://github.com/pydantic/genai-prices/blob/main/prices/providers";

/** Our provider name, the dataset's provider id and the dataset page of that provider. */
export const DATASET_PROVIDERS = [
  { provider: "openai", datasetId: "openai", page: `${DATASET_PAGE}/openai.yml` },
  { provider: "deepseek", datasetId: "deepseek", page: `${DATASET_PAGE}/deepseek.yml` },
  { provider: "xai", datasetId: "x-ai", page: `${DATASET_PAGE}/x_ai.yml` },
  { provider: "google", datasetId: "google", page: `${DATASET_PAGE}/google.yml` },
] as const;

/** A price of the dataset: a number, or a base with thresholds (`tiers`). */
type DatasetPrice = number | { base: number; tiers: { start: number; price: number }[] };
type ModelPrice = Record<string, DatasetPrice | undefined>;
type Constraint = { type: string; start_date?: string };
type Match =
  | { or: Match[] }
  | { and: Match[] }
  | { equals: string }
  | { starts_with: string }
  | { contains: string }
  | { ends_with: string }
  | { regex: string };

/** One model of the dataset (the fields read here). */
export interface DatasetModel {
  id: string;
  match: Match;
  prices: ModelPrice | { prices: ModelPrice; constraint?: Constraint }[];
  deprecated?: boolean;
}

/** One provider of the dataset (the fields read here). */
export interface DatasetProvider {
  id: string;
  models: DatasetModel[];
}

type PriceFields = {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite5m?: number;
  cacheWrite1h?: number;
};
type Tier = PriceFields & { aboveInputTokens: number };
type Row = PriceFields & {
  provider: string;
  model: string;
  aliases?: string[];
  prefixes?: string[];
  tiers?: Tier[];
  deprecated?: boolean;
  note?: string;
  source: string;
  verifiedAt: string;
};

// Dataset price keys for text tokens and the row fields they fill.
const FIELD_OF = {
  input_mtok: "input",
  output_mtok: "output",
  cache_read_mtok: "cacheRead",
  cache_write_mtok: "cacheWrite5m",
  cache_write_1h_mtok: "cacheWrite1h",
} as const;
type DatasetKey = keyof typeof FIELD_OF;
type Tiered = { base: number; tiers: { start: number; price: number }[] };

/**
 * The prices.json document for a dataset release: the Anthropic table of this package, then the
 * OpenAI, DeepSeek, xAI and Gemini rows of `providers` with the prices in force on `releasedAt`.
 * Throws when a provider is missing or a model has no price in force.
 */
export function convertDataset(
  dataset: { providers: readonly DatasetProvider[]; version: string; releasedAt: string },
  anthropic: AnthropicTable,
): PricesFile {
  const rows: Row[] = anthropicRows(anthropic);
  for (const { provider, datasetId, page } of DATASET_PROVIDERS) {
    const found = dataset.providers.find((p) => p.id === datasetId);
    if (found === undefined) throw new Error(`dataset has no provider ${datasetId}`);
    for (const model of modelsOf(found, provider)) {
      const row = datasetRow(provider, model, page, dataset.releasedAt);
      if (row !== null) rows.push(row);
    }
  }
  return {
    $schema: "./prices.schema.json",
    dataset: { name: DATASET_NAME, version: dataset.version, releasedAt: dataset.releasedAt },
    rows: rows as unknown as PriceRow[],
  };
}

function anthropicRows(anthropic: AnthropicTable): Row[] {
  return anthropic.rows.map((row) => ({
    provider: "anthropic",
    model: row.modelId,
    input: row.input,
    output: row.output,
    cacheRead: row.cacheHit,
    cacheWrite5m: row.cacheWrite5m,
    cacheWrite1h: row.cacheWrite1h,
    ...(Object.hasOwn(anthropic.longContext, row.modelId)
      ? { tiers: [{ ...anthropic.longContext[row.modelId] } as Tier] }
      : {}),
    ...(row.deprecated ? { deprecated: true } : {}),
    source: ANTHROPIC_SOURCE,
    verifiedAt: anthropic.verifiedAt,
  }));
}

function modelsOf(provider: DatasetProvider, ours: string): DatasetModel[] {
  // The Google provider also lists partner models on Vertex; only Gemini is Google's own list.
  const models =
    ours === "google" ? provider.models.filter((m) => m.id.startsWith("gemini-")) : provider.models;
  // Ids with `:` (fine-tunes, `:extended`) or ending in a separator name id families, not models.
  return models.filter((m) => !m.id.includes(":") && !/[-.]$/.test(m.id) && !m.id.includes(".ft-"));
}

function datasetRow(
  provider: string,
  model: DatasetModel,
  source: string,
  releasedAt: string,
): Row | null {
  const { prices, note } = pricesInForce(model, releasedAt);
  const base: Partial<PriceFields> = {};
  const tiered = new Map<keyof PriceFields, Tiered>();
  for (const key of Object.keys(FIELD_OF) as DatasetKey[]) {
    const value = prices[key] as number | Tiered | undefined;
    if (value === undefined) continue;
    const field = FIELD_OF[key];
    if (typeof value === "number") base[field] = value;
    else {
      base[field] = value.base;
      tiered.set(field, value);
    }
  }
  // A text model has both directions priced; the rest (embeddings, audio, images) stay out, and so
  // does a row priced 0, which the dataset writes for prices it does not know.
  if (base.input === undefined || base.output === undefined) return null;
  if (!(base.input > 0 && base.output > 0)) return null;
  const names = matchNames(model);
  const aliases = names.equals.filter((name) => name !== model.id);
  const prefixes = names.startsWith;
  const tiers = tiersOf(base as PriceFields, tiered);
  return {
    provider,
    model: model.id,
    ...(aliases.length > 0 ? { aliases } : {}),
    ...(prefixes.length > 0 ? { prefixes } : {}),
    ...(base as PriceFields),
    ...(tiers.length > 0 ? { tiers } : {}),
    ...(model.deprecated ? { deprecated: true } : {}),
    ...(note ? { note } : {}),
    source,
    verifiedAt: releasedAt,
  };
}

/**
 * The prices in force on the dataset's release date. Date-constrained entries
 * apply from their start date; time-of-day entries are discounted or peak
 * windows: the row keeps the highest of them (the list price a request can be
 * billed at) and says so in `note`.
 */
function pricesInForce(
  model: DatasetModel,
  releasedAt: string,
): { prices: ModelPrice; note?: string } {
  if (!Array.isArray(model.prices)) return { prices: model.prices };
  let current: ModelPrice | undefined;
  const windows: ModelPrice[] = [];
  const later: string[] = [];
  for (const entry of model.prices) {
    const constraint = entry.constraint;
    if (constraint === undefined) current ??= entry.prices;
    else if (constraint.type === "start_date") {
      if ((constraint.start_date ?? "") <= releasedAt) current = entry.prices;
      else later.push(constraint.start_date ?? "");
    } else windows.push(entry.prices);
  }
  if (current === undefined) throw new Error(`no price in force for ${model.id}`);
  const notes: string[] = [];
  let prices = current;
  for (const window of windows) {
    if (numberOf(window.input_mtok) > numberOf(prices.input_mtok)) prices = window;
  }
  if (windows.length > 0) notes.push("peak-hour price; requests off-peak are billed less");
  if (later.length > 0) notes.push(`a new price applies from ${later.join(", ")}`);
  return notes.length > 0 ? { prices, note: notes.join("; ") } : { prices };
}

function numberOf(value: DatasetPrice | undefined): number {
  if (typeof value === "number") return value;
  return value === undefined ? 0 : value.base;
}

function tiersOf(base: PriceFields, tiered: Map<keyof PriceFields, Tiered>): Tier[] {
  const starts = [...new Set([...tiered.values()].flatMap((t) => t.tiers.map((x) => x.start)))];
  return starts
    .sort((a, b) => a - b)
    .map((start) => {
      const tier: Record<string, number> = { aboveInputTokens: start };
      for (const field of Object.keys(base) as (keyof PriceFields)[]) {
        const steps = tiered.get(field)?.tiers.filter((x) => x.start <= start) ?? [];
        tier[field] = steps.at(-1)?.price ?? (base[field] as number);
      }
      return tier as Tier;
    });
}

/** The exact names (`equals`) and prefixes (`starts_with`) a dataset row is matched by, lowercased. */
function matchNames(model: DatasetModel): { equals: string[]; startsWith: string[] } {
  const equals = new Set<string>();
  const startsWith = new Set<string>();
  const visit = (match: Match): void => {
    if ("or" in match) for (const inner of match.or) visit(inner);
    else if ("equals" in match) equals.add(match.equals.toLowerCase());
    else if ("starts_with" in match) startsWith.add(match.starts_with.toLowerCase());
    // `and`, `contains`, `ends_with` and `regex` are not kept: their exact names appear as `equals`.
  };
  visit(model.match);
  return { equals: [...equals], startsWith: [...startsWith] };
}
