/*
 * Near misses of a literal, read where they are found, cost 100 ns and more each (the
 * literal checked, then what follows it): a text packed with them (`r8_a r8_a …`,
 * `AWS_SECRET_ACCESS_KEY= …`) is read at 20 ns a character. After a few misses of a
 * literal, a native regex of what every match of it starts with finds the next place where
 * one can start, and occurrences before it are passed over at the cost of one comparison.
 * Each literal's searches move forward, but a text can make many literals search far: all
 * together they read at most the text four times over, then misses are read in full again.
 */

/** Misses of a literal read in full before its regex picks the next candidate. */
const DENSE = 16;

/** Characters the searches may read, in text lengths. */
const BUDGET = 4;

/** Per literal (by index): where the next match of it can start, once it has missed often. */
export class LiteralSkip {
  readonly #text: string;
  readonly #shapes: readonly RegExp[];
  readonly #next: Float64Array;
  readonly #misses: Uint8Array;
  #budget: number;

  /** `shapes[k]`: a global regex that every match of literal `k` satisfies where it starts. */
  constructor(text: string, shapes: readonly RegExp[]) {
    this.#text = text;
    this.#shapes = shapes;
    this.#next = new Float64Array(shapes.length);
    this.#misses = new Uint8Array(shapes.length);
    this.#budget = BUDGET * text.length;
  }

  /** No match of literal `k` starts before this position (0 while nothing is known). */
  from(k: number): number {
    return this.#next[k] as number;
  }

  /** Records that literal `k` starts no match at `s`; asked about positions after `s` from now on. */
  missed(k: number, s: number): void {
    const misses = this.#misses[k] as number;
    if (misses < DENSE) {
      this.#misses[k] = misses + 1;
      return;
    }
    if (this.#budget <= 0) return;
    const shape = this.#shapes[k] as RegExp;
    shape.lastIndex = s + 1;
    const found = shape.exec(this.#text);
    this.#next[k] = found?.index ?? Infinity;
    this.#budget -= (found === null ? this.#text.length : shape.lastIndex) - s;
  }
}
