const MAX_SUGGESTIONS = 3;

/** Damerau-Levenshtein distance (optimal string alignment: adjacent swaps count 1). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * Registered names close to `name`, best first, at most 3: within edit distance 2
 * (1 for names of 3 characters or fewer, where 2 edits would match almost anything),
 * or one name a prefix of the other (`lab` -> `lab-ovh`). Ties are broken alphabetically.
 */
export function closeMatches(name: string, candidates: Iterable<string>): string[] {
  const maxDistance = name.length <= 3 ? 1 : 2;
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    // Length difference is a lower bound of the distance: skip the matrix when it already rules out a match.
    const distance =
      Math.abs(candidate.length - name.length) <= maxDistance
        ? editDistance(name, candidate)
        : Number.POSITIVE_INFINITY;
    const prefix = candidate.startsWith(name) || name.startsWith(candidate);
    if (distance <= maxDistance || prefix) {
      scored.push({ candidate, score: Math.min(distance, prefix ? maxDistance + 1 : distance) });
    }
  }
  scored.sort((x, y) => x.score - y.score || (x.candidate < y.candidate ? -1 : 1));
  return scored.slice(0, MAX_SUGGESTIONS).map((entry) => entry.candidate);
}
