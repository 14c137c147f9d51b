/*
 * Long stretches read by native regexes instead of character by character: the engine's own
 * loops cost 3 to 4 ns a character, a sticky character-class regex about 1. For the main
 * entry only (the spec-only entry has no room for it): the extra rules' extension installs
 * it on the engine it runs beside. Same results, so the engine's tests hold with it.
 */
import { B64, CLASS, type Engine, RUN } from "./scanner.js";

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

/** Makes `engine`'s scans of `text` read long runs, and skip long boundary-free stretches, natively. */
export function accelerateEngine(engine: Engine, text: string): void {
  const n = text.length;
  const heuristicIn = engine.heuristicIn;

  engine.scan = (from: number, mask = RUN | B64): number => {
    const stop = Math.min(from + SHORT, n);
    for (let i = from; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128 || !((CLASS[c] as number) & mask)) return i;
    }
    if (stop >= n) return Math.max(stop, from);
    const re = runRegex(mask);
    re.lastIndex = stop;
    re.test(text);
    return re.lastIndex;
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
