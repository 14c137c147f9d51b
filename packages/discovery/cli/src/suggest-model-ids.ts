import type { ModelInfo } from "@discovery/catalog";

const MAX_SUGGESTIONS = 3;
const MAX_DISTANCE = 2;

/**
 * Catalog ids close to `wanted`, best first, at most three: the same id under a vendor prefix
 * (`gpt-4o` -> `openai/gpt-4o`), a dated build of it (`claude-opus-4-5` ->
 * `claude-opus-4-5-20251101`), then ids within two edits (case-insensitive, prefixes ignored).
 */
export function suggestModelIds(
  wanted: string,
  models: readonly Pick<ModelInfo, "id" | "aliases">[],
): string[] {
  const target = bare(wanted);
  if (target === "") return [];
  const scored: [number, string][] = [];
  for (const model of models) {
    const score = Math.min(
      ...[model.id, ...model.aliases].map((id) => closeness(target, bare(id))),
    );
    if (score <= MAX_DISTANCE + 2) scored.push([score, model.id]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return [...new Set(scored.map(([, id]) => id))]
    .filter((id) => id !== wanted)
    .slice(0, MAX_SUGGESTIONS);
}

function bare(id: string): string {
  return id.slice(id.lastIndexOf("/") + 1).toLowerCase();
}

/** 0 same bare id, 1 a dated build of it, 2 + edit distance otherwise (Infinity when far). */
function closeness(target: string, candidate: string): number {
  if (candidate === target) return 0;
  if (
    candidate.startsWith(`${target}-`) &&
    /^-\d{4}-?\d{2}-?\d{2}$/.test(candidate.slice(target.length))
  ) {
    return 1;
  }
  const distance = editDistance(target, candidate, MAX_DISTANCE);
  return distance <= MAX_DISTANCE ? 2 + distance : Number.POSITIVE_INFINITY;
}

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}
