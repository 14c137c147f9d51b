import * as v from "valibot";
import type { ModelInfo } from "./model-info.js";

/** Source label of rows from the AIMLAPI aggregator. */
export const AIMLAPI_SOURCE = "aimlapi";

const OptionalText = v.nullish(v.string());
const OptionalLength = v.nullish(v.number());
const StringList = v.optional(v.array(v.string()));

// Only the fields the catalog reads; other keys (`features`, `endpoints`,
// `url`, `docsUrl`, `outputMax`, ...) are ignored, so both entry shapes parse.
const InfoSchema = v.object({
  developer: OptionalText,
  name: OptionalText,
  description: OptionalText,
  contextLength: OptionalLength,
  maxTokens: OptionalLength,
});

const EntrySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  type: OptionalText,
  aliases: StringList,
  tags: StringList,
  info: v.optional(InfoSchema),
});

/** Outcome of {@link parseCatalogBody}. */
export interface ParsedCatalog {
  /** Parsed models in body order, duplicates after the first dropped. */
  models: ModelInfo[];
  /** Entries that could not be parsed. */
  skipped: number;
  /** False when the body is neither `{ data: [...] }` nor an array. */
  recognised: boolean;
}

/**
 * Parses an AIMLAPI `GET /models` body (`{ data: [...] }` or a bare array)
 * into frozen {@link ModelInfo} records, never throwing. An entry is skipped
 * when it is not an object, its `id` is not a non-empty string, `info` is
 * present but not an object (`null` included), `aliases`/`tags` are present
 * but not string arrays, or a text/length field has the wrong type. Lengths
 * that are 0, negative or not whole numbers become null; a missing or empty
 * developer becomes `?`; entries repeating an earlier id are dropped.
 */
export function parseCatalog(body: unknown): ModelInfo[] {
  return parseCatalogBody(body).models;
}

/** {@link parseCatalog} plus what the caller should warn about. */
export function parseCatalogBody(body: unknown): ParsedCatalog {
  const entries = listEntries(body);
  if (entries === undefined) return { models: [], skipped: 0, recognised: false };
  const models: ModelInfo[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const entry of entries) {
    const result = v.safeParse(EntrySchema, entry);
    if (!result.success) {
      skipped++;
      continue;
    }
    const { id, type, aliases, tags, info } = result.output;
    if (seen.has(id)) continue;
    seen.add(id);
    models.push(
      Object.freeze({
        id,
        developer: info?.developer || "?",
        contextLength: positiveInteger(info?.contextLength),
        maxTokens: positiveInteger(info?.maxTokens),
        name: info?.name ?? null,
        description: info?.description ?? null,
        type: type ?? null,
        aliases: Object.freeze(aliases ?? []),
        tags: Object.freeze(tags ?? []),
        source: AIMLAPI_SOURCE,
      }),
    );
  }
  return { models, skipped, recognised: true };
}

/** The array of a `{ data: [...] }` body or a bare array, else undefined. */
export function listEntries(body: unknown): readonly unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (typeof body === "object" && body !== null) {
    const data = (body as { data?: unknown }).data;
    if (Array.isArray(data)) return data;
  }
  return undefined;
}

function positiveInteger(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}
