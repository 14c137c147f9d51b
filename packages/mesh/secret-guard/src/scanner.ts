/*
 * The linear-time scanning engine behind every export, hand-written because the obvious
 * regexes backtrack catastrophically (seconds on a few KiB of `a-a-a-…`). One left-to-right
 * pass that visits only positions where a rule matches: literal prefixes found by native
 * `indexOf` cursors and checked where they are found (so a text made of near misses never
 * reaches the main loop), and, for the two prefix-less heuristics, positions inside runs of
 * 40 or more candidate characters. Runs are measured once and cached, the "later on the same
 * line" context is looked at once per line, and a failed heuristic marks the rest of its run
 * or line dead up to the next long run it has checked, so the work per character is bounded
 * for every input and small in the worst case.
 */

const WORD = 1; // [A-Za-z0-9_]
export const RUN = 2; // [A-Za-z0-9_-]
export const B64 = 4; // [A-Za-z0-9/+=]
const ALNUM = 8; // [A-Za-z0-9]
const HEX = 16; // [a-f0-9]
const UPNUM = 32; // [0-9A-Z]

export const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  const digit = c >= 48 && c <= 57;
  const alnum = upper || lower || digit;
  CLASS[c] =
    (alnum || c === 95 ? WORD | RUN : 0) |
    (c === 45 ? RUN : 0) |
    (alnum || c === 47 || c === 43 || c === 61 ? B64 : 0) |
    (alnum ? ALNUM : 0) |
    (digit || (c >= 97 && c <= 102) ? HEX : 0) |
    (digit || upper ? UPNUM : 0);
}

/** Shortest run of [A-Za-z0-9_/+=-] that can hold a rule 10 (40) or rule 12 (48) match. */
export const LONG_RUN = 40;
const NONE = -1;
const UNKNOWN = -2;
/** Number of the spec's shapes; rule numbers are 1-based positions in `SECRET_RULES`. */
export const RULE_COUNT = 12;

/**
 * Rules beyond the spec's twelve (numbered from 13, after them), plugged into the same
 * left-to-right pass. Kept behind this interface so that the spec-only entry carries none.
 */
export interface RuleExtension {
  /** Id and label of each rule it adds, numbered from 13 in this order. */
  readonly rules: readonly { readonly id: string; readonly label: string }[];
  /** Literals whose `[REDACTED:…]` marker says `aws`: more context for rule 10 in `scanAll`. */
  readonly awsMarkers: readonly string[];
  /** The spec's rules' state for `text`: an `Engine`, or a faster subclass of it. */
  engine(text: string, triggers: readonly string[]): Engine;
  /** Its state for `text`, or null when none of its rules can match in `text`. */
  scanner(text: string): ExtensionScanner | null;
}

/** Per-text state of an extension; queried at non-decreasing positions. */
export interface ExtensionScanner {
  /**
   * The smallest position at or after `from` where one of its rules below `limit` matches, or
   * +Infinity. `limit` never rises between calls.
   */
  next(from: number, limit: number): number;
  /**
   * The rule of the match `next` returned if it starts at `s` and is below `limit`, else with
   * `virtual` (the character before `s` counts as a non-word character) the lowest-numbered
   * of its rules below `limit` that matches at `s`, else 0. Sets `end`.
   */
  match(s: number, virtual: boolean, limit: number): number;
  end: number;
}

/**
 * First occurrence of a literal at or after a position, for non-decreasing positions; with an
 * engine, the first where a rule with a literal matches (see `literalAt`). A literal starting
 * with `A` or `a` (the commonest letters of base64), `e`, `p` or `s` (of English) is searched
 * by the rest of it, `eyJ` by its `J` (its `y` is searched for `pypi-` already): native
 * `indexOf` stops at every occurrence of a pattern's first character.
 */
export class Cursor {
  #at = -1;
  readonly #skip: number;
  readonly #rest: string;
  readonly #text: string;
  readonly literal: string;
  readonly #engine: Engine | undefined;
  constructor(text: string, literal: string, engine?: Engine) {
    this.#text = text;
    this.literal = literal;
    this.#engine = engine;
    // Character tests, not a regex: a short text's scan sets up about twenty cursors.
    this.#skip =
      literal.length < 3
        ? 0
        : literal.startsWith("ey")
          ? 2
          : +"Aaeps".includes(literal[0] as string);
    this.#rest = literal.slice(this.#skip);
  }

  next(from: number): number {
    const text = this.#text;
    let at = this.#at;
    if (at < from) {
      for (at = from; ; ) {
        const found = text.indexOf(this.#rest, at + this.#skip);
        // +Infinity only on the way out: a position that can be a double slows the loop.
        if (found < 0) {
          at = Infinity;
          break;
        }
        at = found - this.#skip;
        if (!this.#engine) {
          if (text.startsWith(this.literal, at)) break;
          at++;
        } else if (this.#engine.startsAt(at) && this.#engine.literalAt(at, this.literal.length)) {
          break;
        } else at = this.#engine.skip(at, this.literal);
      }
      this.#at = at;
    }
    return at;
  }
}

/** A match found by the engine: `rule` 1..12, `[index, end)` in the content. */
export interface RawMatch {
  rule: number;
  index: number;
  end: number;
}

export class Engine {
  readonly #n: number;
  // Cached maximal runs [from, end) of RUN and B64 characters (queried at rising positions).
  #runFrom = 0;
  #runEnd = 0;
  #b64From = 0;
  #b64End = 0;
  // The current line (for the two "later on the same line" heuristics).
  #lineEnd = -1;
  #lastTrigger = UNKNOWN;
  #lastMesh = UNKNOWN;
  // Positions before which a rule is known not to match (skips repeated work): 0, +Infinity
  // (its context text occurs nowhere, or no run is left), or the checked start of a long run.
  #dead10: number;
  #dead12: number;
  #jwtFor = -1; // the end of a run after which a JWT goes on to `#jwtTo` (-1: none)
  #jwtTo = -1;
  readonly #triggers: Cursor[];
  readonly #mesh: Cursor;
  /** Only rules below it are looked for by `literalAt` (`drive` sets it with its cursors). */
  limit = 0;
  /** Start and end of the match found by the last successful `matchAt` or `heuristicIn`. */
  at = 0;
  end = 0;

  readonly #text: string;

  constructor(text: string, triggerLiterals: readonly string[]) {
    this.#text = text;
    this.#n = text.length;
    this.#triggers = triggerLiterals.map((literal) => new Cursor(text, literal));
    this.#mesh = new Cursor(text, "MESH_GATEWAY_TOKEN");
    // Their first occurrences, found here, stay cached in the cursors for `lastOnLine`.
    this.#dead10 = this.#triggers.some((cursor) => cursor.next(0) < Infinity) ? 0 : Infinity;
    this.#dead12 = this.#mesh.next(0) < Infinity ? 0 : Infinity;
  }

  /**
   * The first position at or after `from` that starts `length` characters of `mask` (by
   * default a run of [A-Za-z0-9_/+=-] long enough for rule 10 or 12), or +Infinity. Looks at
   * the last character such a run would need and jumps past it when it cannot be in one:
   * prose is mostly skipped, and no character is looked at more than twice.
   */
  longRunFrom(from: number, mask = RUN | B64, length = LONG_RUN): number {
    let s = from;
    let known = from; // [s, known) is known to be in the class
    while (s + length <= this.#n) {
      const far = s + length - 1;
      if (!(this.#cls(far) & mask)) {
        s = known = far + 1;
        continue;
      }
      let j = far;
      while (j > known && this.#cls(j - 1) & mask) j--;
      if (j <= known) return s;
      s = j;
      known = far + 1;
    }
    return Infinity;
  }

  /** The first position where rule 10 or 12 (below `limit`) can still match. */
  heuristicsFrom(limit: number): number {
    return Math.min(this.#dead10, limit > 12 ? this.#dead12 : Infinity);
  }

  /**
   * Rules 10 and 12 only, at each position of [from, to) (no match with a literal starts there):
   * the first position where one matches, its rule in `at`/`end`; 0 when none does.
   */
  heuristicIn(from: number, to: number, virtual: boolean, limit: number): number {
    let before = virtual ? 0 : this.#cls(from - 1) & WORD;
    for (let s = from; s < to; s++) {
      const cls = this.#cls(s);
      const word = cls & WORD;
      if (word !== before) {
        if (cls & B64 && s >= this.#dead10 && this.#awsSecret(s)) {
          this.at = s;
          return 10;
        }
        if (limit > 12 && cls & RUN && s >= this.#dead12 && this.#meshToken(s)) {
          this.at = s;
          return 12;
        }
        // Jump to where either heuristic can match again (never to +Infinity: `s` stays a
        // small integer, which V8 loops over several times faster).
        const resume = this.heuristicsFrom(limit);
        if (resume > s + 1) {
          if (resume >= to) return 0;
          s = resume - 1;
          before = this.#cls(s) & WORD;
          continue;
        }
      }
      before = word;
    }
    return 0;
  }

  /**
   * Where a cursor searches on after an occurrence of its literal at `at` that starts no
   * match: past the word it is in (no position inside a word starts one; each word is read once).
   */
  skip(at: number, _literal?: string): number {
    return this.scan(at + 1, WORD);
  }

  /** Class bits of the character at `i`; 0 outside the text (NaN fails the test). */
  #cls(i: number): number {
    const c = this.#text.charCodeAt(i);
    return c < 128 ? (CLASS[c] as number) : 0;
  }

  /** End of the run of `mask` characters from `from` (by default [A-Za-z0-9_/+=-]). */
  scan(from: number, mask = RUN | B64): number {
    const text = this.#text;
    const n = this.#n;
    let i = from;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128 || !((CLASS[c] as number) & mask)) break;
    }
    return i;
  }

  #runEndAt(s: number): number {
    if (s < this.#runFrom || s >= this.#runEnd) {
      this.#runFrom = s;
      this.#runEnd = this.scan(s, RUN);
    }
    return this.#runEnd;
  }

  #b64EndAt(s: number): number {
    if (s < this.#b64From || s >= this.#b64End) {
      this.#b64From = s;
      this.#b64End = this.scan(s, B64);
    }
    return this.#b64End;
  }

  #enterLine(s: number): void {
    if (s > this.#lineEnd) {
      const nl = this.#text.indexOf("\n", s);
      this.#lineEnd = nl < 0 ? this.#n : nl;
      this.#lastTrigger = UNKNOWN;
      this.#lastMesh = UNKNOWN;
    }
  }

  /** Start of the last occurrence of a literal on the current line at or after `s`. */
  #lastOnLine(cursor: Cursor, s: number): number {
    const at = this.#lineEnd - cursor.literal.length;
    return cursor.next(s) > at ? NONE : this.#text.lastIndexOf(cursor.literal, at);
  }

  /**
   * Whether one of the rules with a literal prefix (1-9, 11) below `limit` matches at word
   * start `s`, where a literal of `length` is. Each needs 15 or more [A-Za-z0-9_-] characters
   * after its literal: the run's end, cached, settles most misses.
   */
  literalAt(s: number, length: number): unknown {
    return this.#runEndAt(s) - s >= length + 15 && this.#prefixRule(s, this.limit);
  }

  /**
   * The lowest-numbered rule below `limit` whose shape matches starting exactly at `s`
   * (the caller has checked the word boundary at `s`), or 0; sets `end` on a match.
   */
  matchAt(s: number, limit: number): number {
    const cls = this.#cls(s);
    const rule = this.#prefixRule(s, limit);
    if (rule && rule < 10) return rule;
    if (limit > 10 && cls & B64 && s >= this.#dead10 && this.#awsSecret(s)) return 10;
    return rule || (limit > 12 && cls & RUN && s >= this.#dead12 && this.#meshToken(s) ? 12 : 0);
  }

  /** Rules 1-9 and 11: each starts with a fixed prefix, so the first character picks them. */
  #prefixRule(s: number, limit: number): number {
    const c = this.#text.charCodeAt(s);
    if (c === 101) {
      // e
      return limit > 11 && this.#jwt(s) ? 11 : 0;
    }
    if (c === 112) return this.#tail(s, "pypi-", 20) ? 1 : 0;
    if (c === 115) {
      if (limit > 2 && this.#tail(s, "sk-ant-", 20)) return 2;
      // Neither rule 4 (`(?!admin-)`) nor rule 6 (hexadecimal) matches after "sk-admin-".
      if (this.#text.startsWith("sk-admin-", s))
        return limit > 3 && this.#tail(s, "sk-admin-", 20) ? 3 : 0;
      // (?:proj-)? cannot change the match: both branches end at the end of the run.
      if (limit > 4 && this.#tail(s, "sk-", 20)) return 4;
      return limit > 6 && this.#text.startsWith("sk-", s) && this.#exact(s + 3, s + 35, HEX)
        ? 6
        : 0;
    }
    if (c === 120) return limit > 5 && this.#tail(s, "xai-", 40) ? 5 : 0;
    if (c === 65) {
      // A
      if (limit > 7 && this.#text.startsWith("AIza", s) && this.#runEndAt(s) - s >= 39) {
        this.end = s + 39;
        return 7;
      }
      return limit > 9 && this.#text.startsWith("AKIA", s) && this.#exact(s + 4, s + 20, UPNUM)
        ? 9
        : 0;
    }
    if (c === 103 && limit > 8) {
      // g: gh[ops]_ then 30 or more alphanumerics
      const t = this.#text;
      if (
        !this.#text.startsWith("gh", s) ||
        !"ops".includes(t[s + 2] as string) ||
        t[s + 3] !== "_"
      ) {
        return 0;
      }
      const end = this.scan(s + 4, ALNUM);
      if (end - s - 4 < 30) return 0;
      this.end = end;
      return 8;
    }
    return 0;
  }

  /** `prefix` then at least `min` RUN characters (greedy, to the run end). */
  #tail(s: number, prefix: string, min: number): boolean {
    if (!this.#text.startsWith(prefix, s)) return false;
    const end = this.#runEndAt(s);
    if (end - s - prefix.length < min) return false;
    this.end = end;
    return true;
  }

  /** [from, end) all of `mask`, then no word character: rules 6 and 9. */
  #exact(from: number, end: number, mask: number): boolean {
    for (let i = from; i < end; i++) if (!(this.#cls(i) & mask)) return false;
    if (this.#cls(end) & WORD) return false;
    this.end = end;
    return true;
  }

  /**
   * Rule 10: exactly 40 of [A-Za-z0-9/+=] between boundaries, a trigger later on the line.
   * A start with room for a match checks its line: one look settles every start on a line
   * without a trigger.
   */
  #awsSecret(s: number): boolean {
    const end = s + 40;
    // A base64 run too short for a match settles every start in it, trigger or not: the line
    // is not searched for one (`SK-SK-…` has no run long enough, and is not read for `AKIA`).
    const run = this.#b64EndAt(s);
    if (run < end) {
      this.#dead10 = this.longRunFrom(run, B64, 40);
      return false;
    }
    this.#enterLine(s);
    if (this.#lastTrigger === UNKNOWN) {
      let last = NONE;
      for (const cursor of this.#triggers) last = Math.max(last, this.#lastOnLine(cursor, s));
      this.#lastTrigger = last;
    }
    // Without a trigger after this one, no later start on the line sees one either.
    let dead = this.#lineEnd;
    if (this.#lastTrigger >= end) {
      if (this.startsAt(end)) {
        this.end = end;
        return true;
      }
      if (run > end) return false;
      // Later starts in this run have no room left.
      dead = run;
    }
    // The next start can only be in a long run: one found and checked (see `drive`).
    this.#dead10 = this.longRunFrom(dead, B64, 40);
    return false;
  }

  /** The largest word boundary in [from, to], or NONE. */
  #lastBoundary(from: number, to: number): number {
    for (let e = to; e >= from; e--) if (this.startsAt(e)) return e;
    return NONE;
  }

  /** Rule 11: eyJ…​.eyJ….… with runs of at least 15, ending at a word boundary. */
  #jwt(s: number): boolean {
    if (!this.#text.startsWith("eyJ", s)) return false;
    const end1 = this.#runEndAt(s);
    if (end1 - s - 3 < 15) return false;
    // Every start whose run ends there shares what follows: one verdict for all.
    if (end1 !== this.#jwtFor) {
      this.#jwtFor = end1;
      this.#jwtTo = this.#jwtEnd(end1);
    }
    this.end = this.#jwtTo;
    return this.#jwtTo >= 0;
  }

  #jwtEnd(end1: number): number {
    if (this.#text.charCodeAt(end1) !== 46 || !this.#text.startsWith("eyJ", end1 + 1)) return NONE;
    const end2 = this.scan(end1 + 4, RUN);
    if (end2 - end1 - 4 < 15 || this.#text.charCodeAt(end2) !== 46) return NONE;
    return this.#lastBoundary(end2 + 16, this.scan(end2 + 1, RUN));
  }

  /** Rule 12: 48 or more RUN characters between boundaries, MESH_GATEWAY_TOKEN later on the line. */
  #meshToken(s: number): boolean {
    this.#enterLine(s);
    if (this.#lastMesh === UNKNOWN) this.#lastMesh = this.#lastOnLine(this.#mesh, s);
    let dead = this.#lineEnd;
    if (this.#lastMesh >= s + 48) {
      dead = this.#runEndAt(s);
      // Greedy then backtracking: the longest end at a boundary with the text still ahead.
      // None for this start means none for any later one in the run.
      const end = this.#lastBoundary(s + 48, Math.min(dead, this.#lastMesh));
      if (end >= 0) {
        this.end = end;
        return true;
      }
    }
    this.#dead12 = this.longRunFrom(dead, RUN, 48);
    return false;
  }

  /** Is `s` a start position: a word boundary, `virtual` meaning "the character before is not a word character". */
  startsAt(s: number, virtual?: boolean): boolean {
    return (virtual ? 0 : this.#cls(s - 1) & WORD) !== (this.#cls(s) & WORD);
  }
}

/** Literal prefix of each rule that has one, with the rule (rules 10 and 12 have none). */
const PREFIXES: readonly (readonly [string, number])[] = [
  ["pypi-", 1],
  ["sk-ant-", 2],
  ["sk-admin-", 3],
  ["sk-", 4],
  ["xai-", 5],
  ["AIza", 7],
  ["gh", 8],
  ["AKIA", 9],
  ["eyJ", 11],
];

/**
 * The smallest next position of the cursors. A function of its own, so that `drive` has no
 * inner loop for V8 to enter optimized code by (and leave it at every exit).
 */
function firstOf(cursors: Cursor[], from: number): number {
  let first = Infinity;
  for (const cursor of cursors) first = Math.min(first, cursor.next(from));
  return first;
}

/**
 * Visits, in increasing order, only the positions where some rule below `limit` can start:
 * occurrences of the literal prefixes (native `indexOf`) and, while rules 10 and 12 are in
 * play, positions inside runs of 40 or more of their characters (found by `longRunFrom`).
 * `onMatch` returns where to continue and whether the next position is a virtual boundary.
 */
function drive(
  text: string,
  triggers: string[],
  rules: RuleExtension | null | undefined,
  all: boolean,
  onMatch: (rule: number, index: number, end: number) => number,
): void {
  const n = text.length;
  const engine = rules?.engine(text, triggers) ?? new Engine(text, triggers);
  const extension = rules?.scanner(text);
  let limit = Infinity; // only rules below it are still looked for
  let cursors: Cursor[] = [];
  let specNext = -1; // the smallest prefix match at or after the last computed position
  let runStart = -1;
  let runEnd = -1;
  let virtualAt = -1;
  // `s` outside the loop: a `let` of the loop itself would get a copy per iteration (the loop
  // creates closures), which V8 compiles as a nested loop that deopts at every `continue`.
  let s = 0;
  while (s < n) {
    if (engine.limit !== limit) {
      // "sk-" (rules 4 and 6) also covers "sk-ant-" and "sk-admin-" while it is needed.
      // Literals are checked where they are found: only matches reach this loop.
      cursors = PREFIXES.filter(
        ([, rule]) => rule < limit && !(limit > 4 && rule < 4 && rule > 1),
      ).map(([p]) => new Cursor(text, p, engine));
      engine.limit = limit;
      specNext = -1;
    }
    if (specNext < s) specNext = firstOf(cursors, s);
    // The end of a match starts a word: a word character there is tried, literal or not.
    const next =
      s === virtualAt && engine.startsAt(s, true)
        ? s
        : extension
          ? Math.min(specNext, extension.next(s, limit))
          : specNext;
    if (limit > 10 && runEnd !== Infinity) {
      if (s >= runEnd) {
        // Both are +Infinity once no run is left where a heuristic can match.
        // A position the heuristics skip to starts a long run already checked.
        const from = engine.heuristicsFrom(limit);
        runStart = from > s ? from : engine.longRunFrom(s);
        runEnd = engine.scan(runStart + LONG_RUN);
      }
      const from = Math.max(s, runStart);
      const to = Math.min(next, runEnd);
      if (from < to) {
        const hit = engine.heuristicIn(from, to, from === virtualAt, limit);
        if (hit > 0) {
          s = onMatch(hit, engine.at, engine.end);
          if (all) virtualAt = s;
          else limit = hit;
          continue;
        }
        s = to;
        if (to < next) continue;
      }
    }
    if (next >= n) return;
    s = next;
    const virtual = s === virtualAt;
    let rule = engine.startsAt(s, virtual) ? engine.matchAt(s, limit) : 0;
    let end = engine.end;
    if (rule === 0 && extension) {
      rule = extension.match(s, virtual, limit);
      end = extension.end;
    }
    if (rule === 0) {
      s++;
      continue;
    }
    s = onMatch(rule, s, end);
    if (all) virtualAt = s;
    else limit = rule;
  }
}

/**
 * For each rule, its leftmost match (regex semantics); returns the first rule in order
 * that matches anywhere, or null.
 */
export function scanFirst(text: string, extension?: RuleExtension | null): RawMatch | null {
  let best: RawMatch | null = null;
  drive(text, ["aws"], extension, false, (rule, index, end) => {
    best = { rule, index, end };
    return index + 1; // a lower rule may still match further on
  });
  return best;
}

/**
 * Left to right, non-overlapping: at each position the first rule in order that matches
 * there. After a match, scanning resumes as though the match had been replaced by its
 * `[REDACTED:…]` marker: the next character starts a word, and an `AKIA` later on the line
 * counts as the `aws` context of rule 10 (its marker says `aws-access-key-id`). Redacting
 * these matches therefore leaves nothing `scanFirst` finds.
 */
export function scanAll(text: string, extension?: RuleExtension | null): RawMatch[] {
  const matches: RawMatch[] = [];
  const triggers = [...(extension?.awsMarkers ?? []), "aws", "AKIA"];
  drive(text, triggers, extension, true, (rule, index, end) => {
    matches.push({ rule, index, end });
    return end;
  });
  return matches;
}
