import { canonicalProvider } from "@discovery/normalize";
import { modelIdCandidates, priceKey } from "./model-id-candidates.js";
import { activePrices, priceDataGeneration } from "./price-data.js";
import type { PriceRow, PricingProvider } from "./price-row.js";

interface ProviderIndex {
  /** Lookup key of every model id and alias -> row; the first row to claim a key keeps it. */
  readonly exact: Map<string, PriceRow>;
  /** Row prefixes, longest first. */
  readonly prefixes: readonly (readonly [string, PriceRow])[];
  /** Answers already given, keyed by the id as passed; bounded by {@link MEMO_LIMIT}. */
  readonly memo: Map<string, PriceRow | null>;
}

/** Distinct ids remembered per provider before the memo starts over. */
const MEMO_LIMIT = 4096;

let indexes: Map<string, ProviderIndex> | undefined;
let indexedGeneration = -1;

/**
 * The price row for `modelId` at `provider` (adapter or second name), or null.
 * Exact ids and aliases win, then the spellings of {@link modelIdCandidates},
 * then the longest matching id prefix. Never throws: a non-string argument
 * gives null.
 */
export function findPriceRow(provider: unknown, modelId: unknown): PriceRow | null {
  if (typeof provider !== "string" || typeof modelId !== "string") return null;
  const index = indexFor(provider);
  if (index === undefined) return null;
  const known = index.memo.get(modelId);
  if (known !== undefined) return known;
  const row = lookUp(index, modelId);
  if (index.memo.size >= MEMO_LIMIT) index.memo.clear();
  index.memo.set(modelId, row);
  return row;
}

function indexFor(provider: string): ProviderIndex | undefined {
  if (indexes === undefined || indexedGeneration !== priceDataGeneration()) {
    indexedGeneration = priceDataGeneration();
    indexes = buildIndexes();
  }
  return indexes.get(provider);
}

function lookUp(index: ProviderIndex, modelId: string): PriceRow | null {
  const candidates = modelIdCandidates(modelId);
  for (const key of candidates) {
    const row = index.exact.get(key);
    if (row !== undefined) return row;
  }
  const unprefixed = priceKey(modelId.slice(modelId.lastIndexOf("/") + 1));
  for (const [prefix, row] of index.prefixes) if (unprefixed.startsWith(prefix)) return row;
  return null;
}

function buildIndexes(): Map<string, ProviderIndex> {
  const byProvider = new Map<PricingProvider, ProviderIndex>();
  for (const row of activePrices().rows) {
    let index = byProvider.get(row.provider);
    if (index === undefined) {
      index = { exact: new Map(), prefixes: [], memo: new Map() };
      byProvider.set(row.provider, index);
    }
    for (const id of [row.model, ...(row.aliases ?? [])]) {
      const key = priceKey(id);
      if (!index.exact.has(key)) index.exact.set(key, row);
    }
    const prefixes = index.prefixes as (readonly [string, PriceRow])[];
    for (const prefix of row.prefixes ?? []) prefixes.push([priceKey(prefix), row]);
  }
  const indexes = new Map<string, ProviderIndex>();
  for (const [name, index] of byProvider) {
    (index.prefixes as (readonly [string, PriceRow])[]).sort((a, b) => b[0].length - a[0].length);
    indexes.set(name, index);
  }
  // Second names (`claude`, `grok`, `gemini`) share their vendor's index.
  for (const alias of ["claude", "grok", "gemini"]) {
    const name = canonicalProvider(alias);
    const index = name === null ? undefined : byProvider.get(name);
    if (index !== undefined) indexes.set(alias, index);
  }
  return indexes;
}
