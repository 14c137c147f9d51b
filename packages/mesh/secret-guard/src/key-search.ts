/*
 * The next occurrence of any of a fixed set of short strings but those left out, by one
 * native regex (an alternation of them) instead of a loop over every character. A scan
 * leaves out the strings of literals it already knows cannot match for a while (near misses
 * by the hundred thousand, `r8_a r8_a …`), so that it passes over them at native speed.
 */

const literally = (key: string) => key.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/** Regexes kept: a scan compiles only a few, but many scans over time may ask for others. */
const CACHE_SIZE = 64;

/** Search for the next of `keys`, leaving out those in a bit set (bit i: `keys[i]`). */
export class KeySearch {
  readonly #keys: readonly string[];
  readonly #regexes = new Map<number, RegExp>();

  /** At most 52 keys (a bit set is a number). */
  constructor(keys: readonly string[]) {
    this.#keys = keys;
  }

  /** Whether `find` with this set needs no new regex. */
  has(out: number): boolean {
    return this.#regexes.has(out);
  }

  /** Start of the first key, not left out by `out`, at or after `from` in `text`; -1 if none. */
  find(text: string, from: number, out: number): number {
    let re = this.#regexes.get(out);
    if (re === undefined) {
      const kept = this.#keys.filter((_, i) => Math.floor(out / 2 ** i) % 2 === 0);
      // No key left: a regex that never matches.
      re = new RegExp(kept.length > 0 ? kept.map(literally).join("|") : "[]", "g");
      if (this.#regexes.size >= CACHE_SIZE) this.#regexes.clear();
      this.#regexes.set(out, re);
    }
    re.lastIndex = from;
    return re.exec(text)?.index ?? -1;
  }
}
