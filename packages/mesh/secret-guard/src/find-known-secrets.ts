import { Cursor, type RawMatch } from "./scanner.js";

/**
 * Occurrences of the needles, left to right, non-overlapping; at a position the longest
 * needle wins. Linear: one forward-only `indexOf` cursor per needle.
 */
export function findKnownSecrets(text: string, needles: readonly string[]): RawMatch[] {
  const cursors = needles.map((needle) => new Cursor(text, needle));
  const matches: RawMatch[] = [];
  for (let pos = 0; ; ) {
    let index = Infinity;
    let end = 0;
    for (const cursor of cursors) {
      const at = cursor.next(pos);
      if (at < index || (at === index && at + cursor.literal.length > end)) {
        index = at;
        end = at + cursor.literal.length;
      }
    }
    if (index === Infinity) return matches;
    matches.push({ rule: 0, index, end });
    pos = end;
  }
}
