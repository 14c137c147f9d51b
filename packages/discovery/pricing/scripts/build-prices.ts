// Builds src/prices.json: the Anthropic table of this package, and the OpenAI, DeepSeek,
// xAI and Gemini rows of the pinned @pydantic/genai-prices dataset. Run by `pnpm build`;
// `pnpm --filter @discovery/pricing build:prices` alone rewrites the file. A price update
// is a bump of the pinned dataset version, a rebuild and a patch release.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  findProvider,
  type ModelInfo,
  type ModelPrice,
  type Provider,
} from "@pydantic/genai-prices";
import {
  ANTHROPIC_LONG_CONTEXT,
  ANTHROPIC_PRICE_TABLE,
  ANTHROPIC_PRICES_VERIFIED_AT,
} from "../src/anthropic-price-table.ts";

/** Release date of the pinned dataset version (npm publish time of @pydantic/genai-prices 0.1.8). */
export const DATASET_RELEASED_AT = "2026-09-23";
const DATASET_NAME = "@pydantic/genai-prices";
const ANTHROPIC_SOURCE = "https://claude.com/pricing";
const DATASET_PAGE = "https://github.com/pydantic/genai-prices/blob/main/prices/providers";

/** Our provider name, the dataset's provider id and the dataset page of that provider. */
const DATASET_PROVIDERS = [
  { provider: "openai", datasetId: "openai", page: `${DATASET_PAGE}/openai.yml` },
  { provider: "deepseek", datasetId: "deepseek", page: `${DATASET_PAGE}/deepseek.yml` },
  { provider: "xai", datasetId: "x-ai", page: `${DATASET_PAGE}/x_ai.yml` },
  { provider: "google", datasetId: "google", page: `${DATASET_PAGE}/google.yml` },
] as const;

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

/** The whole prices.json document. */
export function buildPrices(): {
  $schema: string;
  dataset: { name: string; version: string; releasedAt: string };
  rows: Row[];
} {
  const rows: Row[] = anthropicRows();
  for (const { provider, datasetId, page } of DATASET_PROVIDERS) {
    const found = findProvider({ providerId: datasetId });
    if (found === undefined) throw new Error(`dataset has no provider ${datasetId}`);
    for (const model of modelsOf(found, provider)) {
      const row = datasetRow(provider, model, page);
      if (row !== null) rows.push(row);
    }
  }
  return {
    $schema: "./prices.schema.json",
    dataset: { name: DATASET_NAME, version: datasetVersion(), releasedAt: DATASET_RELEASED_AT },
    rows,
  };
}

function anthropicRows(): Row[] {
  return ANTHROPIC_PRICE_TABLE.map((row) => ({
    provider: "anthropic",
    model: row.modelId,
    input: row.input,
    output: row.output,
    cacheRead: row.cacheHit,
    cacheWrite5m: row.cacheWrite5m,
    cacheWrite1h: row.cacheWrite1h,
    ...(Object.hasOwn(ANTHROPIC_LONG_CONTEXT, row.modelId)
      ? { tiers: [{ ...ANTHROPIC_LONG_CONTEXT[row.modelId] } as Tier] }
      : {}),
    ...(row.deprecated ? { deprecated: true } : {}),
    source: ANTHROPIC_SOURCE,
    verifiedAt: ANTHROPIC_PRICES_VERIFIED_AT,
  }));
}

function modelsOf(provider: Provider, ours: string): ModelInfo[] {
  // The Google provider also lists partner models on Vertex; only Gemini is Google's own list.
  const models =
    ours === "google" ? provider.models.filter((m) => m.id.startsWith("gemini-")) : provider.models;
  // Ids with `:` (fine-tunes, `:extended`) or ending in a separator name id families, not models.
  return models.filter((m) => !m.id.includes(":") && !/[-.]$/.test(m.id) && !m.id.includes(".ft-"));
}

function datasetRow(provider: string, model: ModelInfo, source: string): Row | null {
  const { prices, note } = pricesInForce(model);
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
    verifiedAt: DATASET_RELEASED_AT,
  };
}

/**
 * The prices in force on the dataset's release date. Date-constrained entries
 * apply from their start date; time-of-day entries are discounted or peak
 * windows: the row keeps the highest of them (the list price a request can be
 * billed at) and says so in `note`.
 */
function pricesInForce(model: ModelInfo): { prices: ModelPrice; note?: string } {
  if (!Array.isArray(model.prices)) return { prices: model.prices };
  let current: ModelPrice | undefined;
  const windows: ModelPrice[] = [];
  const later: string[] = [];
  for (const entry of model.prices) {
    const constraint = entry.constraint;
    if (constraint === undefined) current ??= entry.prices;
    else if (constraint.type === "start_date") {
      if (constraint.start_date <= DATASET_RELEASED_AT) current = entry.prices;
      else later.push(constraint.start_date);
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

function numberOf(value: ModelPrice[string]): number {
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

type Match = ModelInfo["match"];

/** The exact names (`equals`) and prefixes (`starts_with`) a dataset row is matched by, lowercased. */
function matchNames(model: ModelInfo): { equals: string[]; startsWith: string[] } {
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

function datasetVersion(): string {
  // The dataset's exports map has no `./package.json`: read it beside the resolved entry.
  const entry = createRequire(import.meta.url).resolve("@pydantic/genai-prices");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8"));
  return (manifest as { version: string }).version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = `${JSON.stringify(buildPrices(), null, 2)}\n`;
  // `--stdout` prints instead of writing: the freshness test compares it with the file.
  if (process.argv.includes("--stdout")) process.stdout.write(text);
  else writeFileSync(fileURLToPath(new URL("../src/prices.json", import.meta.url)), text);
}
