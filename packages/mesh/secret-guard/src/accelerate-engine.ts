/*
 * Long stretches read by native regexes instead of character by character: the engine's own
 * loops cost 3 to 4 ns a character, a sticky character-class regex about 1. For the main
 * entry only (the spec-only entry has no room for it): the extra rules' extension installs
 * it as the engine it runs beside. Same results, so the engine's tests hold with it.
 */
import { runRegexes, SHORT } from "./run-regexes.js";
import { B64, CLASS, Cursor, Engine, LONG_RUN, RUN } from "./scanner.js";

/** Sticky regexes matching a run of the characters whose CLASS has one of the bits of a mask. */
const runRegex = runRegexes(CLASS);

/** The scanner's [A-Za-z0-9_] bit of CLASS. */
const WORD = 1;

/**
 * Per class mask, 1 for each UTF-16 code unit of the class: one load a character, without
 * the engine's branch on non-ASCII (its loops over every character run twice as fast so).
 */
const tableOf: Uint8Array[] = [];
function table(mask: number): Uint8Array {
  let t = tableOf[mask];
  if (t === undefined) {
    t = new Uint8Array(65536);
    for (let c = 0; c < 128; c++) t[c] = (CLASS[c] as number) & mask ? 1 : 0;
    tableOf[mask] = t;
  }
  return t;
}

const WORDS = table(WORD);
const B64S = table(B64);

/** The context word of rule 12. */
const MESH = "MESH_GATEWAY_TOKEN";

/** The next ASCII word boundary (the engine's `startsAt`), as a zero-width match. */
const BOUNDARY = /\b/g;

/** Failed occurrences of the spec's literals read one by one before a regex picks the next. */
const DENSE = 16;

/**
 * For each literal of the spec's rules, by its first two characters: a regex that every match
 * of its rules satisfies where it starts, and the (fixed) length of the regex's matches. The
 * next hit is where the literal's cursor can go on.
 */
const CANDIDATES: readonly (readonly [string, RegExp, number])[] = [
  ["py", /\bpypi-[\w-]{20}/g, 25],
  ["sk", /\bsk-[\w-]{20}/g, 23], // rules 2, 3, 4 and 6
  ["xa", /\bxai-[\w-]{40}/g, 44],
  ["AI", /\bAIza[\w-]{35}/g, 39],
  ["AK", /\bAKIA[0-9A-Z]{16}\b/g, 20],
  ["gh", /\bgh[ops]_[A-Za-z0-9]{30}/g, 34],
  ["ey", /\beyJ[\w-]{15}/g, 18],
];

/**
 * Index in CANDIDATES of a cursor's literal, or -1. By the literal, not the text: a cursor
 * finds its literal by a part of it (`KIA` of `AKIA`, `J` of `eyJ`), and asks to skip
 * wherever that part is, whatever comes before it.
 */
function literalFamily(literal: string): number {
  return CANDIDATES.findIndex(([start]) => literal.startsWith(start));
}

/**
 * The spec's engine whose scans of its text read long runs, and skip long boundary-free
 * stretches, natively. Every override gives the result of the method it replaces.
 */
export class AcceleratedEngine extends Engine {
  readonly #t: string;
  readonly #n: number;
  // The run `longRunFrom` found last: [runFrom, runTo) all of `runMask` (read on from there).
  #runFrom = -1;
  #runTo = -1;
  #runMask = 0;
  // The last maximal base64 run read, [b64From, b64End): the engine (rule 10) and the quiet
  // misses below (see `#quietUntil`) both ask for it, and a run of [A-Za-z0-9_/+=-] (the
  // engine's long runs) is read on from its end: a base64 blob is read once, not twice.
  #b64From = -1;
  #b64End = -1;
  // Per literal: the first hit at or after `searched` (cursors of `sk-ant-` and `sk-admin-`
  // share one, at positions of their own).
  readonly #next = CANDIDATES.map(() => -1);
  readonly #searched = CANDIDATES.map(() => -1);
  #misses = 0;
  // Most boundaries of a base64 blob are quiet misses (see `#quietUntil`): the line end is
  // kept, MESH_GATEWAY_TOKEN found by a cursor.
  readonly #mesh: Cursor;
  #lineEnd = -1;

  constructor(text: string, triggerLiterals: readonly string[]) {
    super(text, triggerLiterals);
    this.#t = text;
    this.#n = text.length;
    this.#mesh = new Cursor(text, MESH);
  }

  #readRun(from: number, mask: number): number {
    const text = this.#t;
    const n = this.#n;
    const start =
      from === this.#runFrom && (this.#runMask & mask) === this.#runMask ? this.#runTo : from;
    const stop = Math.min(start + SHORT, n);
    const inClass = table(mask);
    for (let i = start | 0; i < stop; i++) if (inClass[text.charCodeAt(i)] === 0) return i;
    if (stop === n) return n;
    const re = runRegex(mask);
    re.lastIndex = stop;
    re.test(text);
    return re.lastIndex;
  }

  override scan(from: number, mask = RUN | B64): number {
    if (from >= this.#n) return from;
    if ((mask | RUN) !== (RUN | B64)) return this.#readRun(from, mask);
    if (from < this.#b64From && this.#b64From - from <= LONG_RUN) {
      // Just before the run read (the engine asks at a long run's start, then 40 on).
      const text = this.#t;
      const inClass = table(B64);
      let i =
        from === this.#runFrom && (this.#runMask & B64) === this.#runMask ? this.#runTo : from;
      while (i < this.#b64From && inClass[text.charCodeAt(i)] !== 0) i++;
      if (i < this.#b64From) return mask === B64 ? i : this.#readRun(i, mask);
      this.#b64From = from;
    }
    if (from < this.#b64From || from >= this.#b64End) {
      this.#b64From = from;
      this.#b64End = this.#readRun(from, B64);
    }
    return mask === B64 ? this.#b64End : this.#readRun(this.#b64End, mask);
  }

  /**
   * The engine's own, with the class of a character read from a table of its mask (its
   * private `#cls` is not always inlined, and the walk back over each run reads every character).
   */
  override longRunFrom(from: number, mask = RUN | B64, length = LONG_RUN): number {
    const text = this.#t;
    const n = this.#n;
    if (from >= n) return Infinity;
    const inClass = table(mask);
    let s = from | 0;
    let known = s; // [s, known) is known to be in the class
    while (s + length <= n) {
      const far = s + length - 1;
      if (inClass[text.charCodeAt(far)] === 0) {
        s = known = far + 1;
        continue;
      }
      let j = far;
      while (j > known && inClass[text.charCodeAt(j - 1)] !== 0) j--;
      if (j <= known) {
        this.#runFrom = s;
        this.#runTo = far + 1;
        this.#runMask = mask;
        return s;
      }
      s = j;
      known = far + 1;
    }
    return Infinity;
  }

  /**
   * A cursor that keeps finding its literal where no match starts (a text packed with them)
   * lets its regex find the next place where one can.
   */
  override skip(at: number, literal = ""): number {
    if (++this.#misses <= DENSE) return super.skip(at);
    const family = literalFamily(literal);
    if (family < 0) return super.skip(at);
    if ((this.#next[family] as number) <= at || (this.#searched[family] as number) > at + 1) {
      const [, re, length] = CANDIDATES[family] as readonly [string, RegExp, number];
      re.lastIndex = at + 1;
      this.#next[family] = re.test(this.#t) ? re.lastIndex - length : this.#n;
      this.#searched[family] = at + 1;
    }
    return this.#next[family] as number;
  }

  /**
   * -1 unless boundary `s` is a quiet miss: rule 10 is live (`heuristicsFrom`) but there is
   * no boundary 40 on and the base64 run goes on past those 40 (the engine then neither
   * matches nor looks at the line's context words); rule 12 has no MESH_GATEWAY_TOKEN 48 on or
   * later on the line. Then the last position up to which every boundary is one too, unless
   * it has a boundary 40 on (all else holds there as it does at `s`).
   */
  #quietUntil(s: number, limit: number): number {
    const text = this.#t;
    const end = s + 40;
    if (
      s < this.heuristicsFrom(12) ||
      WORDS[text.charCodeAt(end - 1)] !== WORDS[text.charCodeAt(end)] ||
      B64S[text.charCodeAt(end)] === 0
    ) {
      return -1;
    }
    if (s > this.#lineEnd) {
      const nl = text.indexOf("\n", s);
      this.#lineEnd = nl < 0 ? this.#n : nl;
    }
    if (limit > 12 && this.#mesh.next(s + 48) + MESH.length <= this.#lineEnd) return -1;
    const runEnd = this.scan(s, B64);
    return runEnd > end ? runEnd - 41 : -1;
  }

  /**
   * The heuristics act only at word boundaries, and only where `heuristicsFrom` lets them:
   * boundaries are found by a tight loop (and past SHORT-long stretches without one, by a
   * regex), and the engine's own is asked about each boundary where they may match.
   */
  override heuristicIn(from: number, to: number, virtual: boolean, limit: number): number {
    const text = this.#t;
    const word = WORDS;
    let before = virtual || from === 0 ? 0 : (word[text.charCodeAt(from - 1)] as number);
    let stop = Math.min(from + SHORT, to);
    for (let s = from; s < to; s++) {
      if (s === stop) {
        BOUNDARY.lastIndex = Math.max(s, Math.min(this.heuristicsFrom(limit), to));
        if (BOUNDARY.lastIndex >= to || !BOUNDARY.test(text) || BOUNDARY.lastIndex >= to) return 0;
        s = BOUNDARY.lastIndex;
        before = word[text.charCodeAt(s - 1)] as number; // s > from: not the virtual start
      }
      const w = word[text.charCodeAt(s)] as number;
      if (w === before) continue;
      before = w;
      stop = Math.min(s + SHORT, to);
      if (s >= this.heuristicsFrom(limit)) {
        const quiet = Math.min(this.#quietUntil(s, limit), to - 1);
        if (quiet > s) {
          // On to the next boundary with one 40 on (looked at in full), or past `quiet`.
          let p = s + 1;
          for (; p <= quiet; p++) {
            // Past a word natively: no boundary inside it (a flood of one letter is one word).
            if (before !== 0) p = Math.min(this.#readRun(p, WORD), quiet + 1);
            if (p > quiet) break;
            const v = word[text.charCodeAt(p)] as number;
            if (v === before) continue;
            before = v;
            if (word[text.charCodeAt(p + 39)] !== word[text.charCodeAt(p + 40)]) break;
          }
          s = p - 1;
          before = word[text.charCodeAt(s)] as number;
          stop = Math.min(p + SHORT, to);
          continue;
        }
        if (quiet < s) {
          const hit = super.heuristicIn(s, s + 1, virtual && s === from, limit);
          if (hit > 0) return hit;
        }
      }
      const resume = this.heuristicsFrom(limit);
      if (resume > s + 1) {
        if (resume >= to) return 0;
        s = resume - 1;
        before = word[text.charCodeAt(s)] as number;
        stop = Math.min(resume + SHORT, to);
      }
    }
    return 0;
  }
}
