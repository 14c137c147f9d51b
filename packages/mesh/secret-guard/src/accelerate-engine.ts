/*
 * Long stretches read by native regexes instead of character by character: the engine's own
 * loops cost 3 to 4 ns a character, a sticky character-class regex about 1. For the main
 * entry only (the spec-only entry has no room for it): the extra rules' extension installs
 * it on the engine it runs beside. Same results, so the engine's tests hold with it.
 */
import { B64, CLASS, type Engine, LONG_RUN, RUN } from "./scanner.js";

/** Characters read one by one before a regex takes over (a regex call costs ~30 ns). */
const SHORT = 32;

/** Sticky regexes matching a run of the characters whose CLASS has one of the bits of a mask. */
const runOf = new Map<number, RegExp>();
function runRegex(mask: number): RegExp {
  let re = runOf.get(mask);
  if (re === undefined) {
    let chars = "";
    for (let c = 0; c < 128; c++) {
      if ((CLASS[c] as number) & mask) chars += `\\x${c.toString(16).padStart(2, "0")}`;
    }
    re = new RegExp(`[${chars}]*`, "y");
    runOf.set(mask, re);
  }
  return re;
}

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
 * Index in CANDIDATES of the literal at `at`, or -1: a cursor for `AKIA` or `AIza` checks only
 * `KIA` or `Iza` before asking to skip (see `Cursor`), so the first character may be another.
 */
function literalFamily(text: string, at: number): number {
  const pair = text.slice(at, at + 2);
  return CANDIDATES.findIndex(([start]) => start === pair);
}

/** Makes `engine`'s scans of `text` read long runs, and skip long boundary-free stretches, natively. */
export function accelerateEngine(engine: Engine, text: string): void {
  const n = text.length;
  const heuristicIn = engine.heuristicIn;

  // The run `longRunFrom` found last: [runFrom, runTo) all of `runMask` (read on from there).
  let runFrom = -1;
  let runTo = -1;
  let runMask = 0;

  engine.scan = (from: number, mask = RUN | B64): number => {
    if (from >= n) return from;
    const start = from === runFrom && (runMask & mask) === runMask ? runTo : from;
    const stop = Math.min(start + SHORT, n);
    for (let i = start | 0; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128 || !((CLASS[c] as number) & mask)) return i;
    }
    if (stop === n) return n;
    const re = runRegex(mask);
    re.lastIndex = stop;
    re.test(text);
    return re.lastIndex;
  };

  // The engine's own, with the class of a character read in place (its private `#cls` is not
  // always inlined, and the walk back over each run reads every character of it).
  const inClass = (i: number, mask: number): number => {
    const c = text.charCodeAt(i);
    return c < 128 ? (CLASS[c] as number) & mask : 0;
  };
  engine.longRunFrom = (from: number, mask = RUN | B64, length = LONG_RUN): number => {
    if (from >= n) return Infinity;
    let s = from | 0;
    let known = s; // [s, known) is known to be in the class
    while (s + length <= n) {
      const far = s + length - 1;
      if (!inClass(far, mask)) {
        s = known = far + 1;
        continue;
      }
      let j = far;
      while (j > known && inClass(j - 1, mask)) j--;
      if (j <= known) {
        runFrom = s;
        runTo = far + 1;
        runMask = mask;
        return s;
      }
      s = j;
      known = far + 1;
    }
    return Infinity;
  };

  // A cursor that keeps finding its literal where no match starts (a text packed with them)
  // lets its regex find the next place where one can.
  const skip = engine.skip;
  // Per literal: the first hit at or after `searched` (cursors of `sk-ant-` and `sk-admin-`
  // share one, at positions of their own).
  const next = CANDIDATES.map(() => -1);
  const searched = CANDIDATES.map(() => -1);
  let misses = 0;
  engine.skip = (at: number): number => {
    if (++misses <= DENSE) return skip.call(engine, at);
    const family = literalFamily(text, at);
    if (family < 0) return skip.call(engine, at);
    if ((next[family] as number) <= at || (searched[family] as number) > at + 1) {
      const [, re, length] = CANDIDATES[family] as readonly [string, RegExp, number];
      re.lastIndex = at + 1;
      next[family] = re.test(text) ? re.lastIndex - length : n;
      searched[family] = at + 1;
    }
    return next[family] as number;
  };

  // The heuristics act only at word boundaries: between SHORT-long stretches read as usual,
  // jump to the next boundary (or past the positions the heuristics have ruled out).
  engine.heuristicIn = (from: number, to: number, virtual: boolean, limit: number): number => {
    for (let s = from; s < to; ) {
      const stop = Math.min(s + SHORT, to);
      const hit = heuristicIn.call(engine, s, stop, virtual && s === from, limit);
      if (hit > 0 || stop === to) return hit;
      BOUNDARY.lastIndex = Math.max(stop, Math.min(engine.heuristicsFrom(limit), to));
      if (BOUNDARY.lastIndex >= to || !BOUNDARY.test(text)) return 0;
      s = BOUNDARY.lastIndex;
    }
    return 0;
  };
}
