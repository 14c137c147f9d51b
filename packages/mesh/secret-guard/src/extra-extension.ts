/*
 * The engine side of the extra rules (numbered 13 and up, in the order of
 * `EXTRA_SECRET_RULES`, whose records it derives its tables from). Every extra rule starts
 * with a literal. Literals are found without searching for each one. Those of token-shaped
 * rules (`inRuns`) are tried at word starts inside runs of MIN_RUN or more token characters,
 * keyed by their first two characters. The others: the scan jumps between the rare characters
 * `_`, `-`, `:` and `"` (native `indexOf`), reads dense stretches of them one by one, and tries
 * a literal where its anchor (such a character) sits, keyed by it and the two characters
 * before it; "-----BEGIN " has a cursor of its own. Each literal is read where it is found, forward over
 * one or two runs of a character class, and only matches are queued for the scanner; run
 * ends are cached per class, and every run stops at a character the next occurrence of the
 * literal starts with, so the work stays linear. A text packed with near misses is passed
 * over natively: a literal that keeps missing has a regex find its next candidate
 * (`LiteralSkip`), and past a window where every literal found was known to miss, the scan
 * jumps to the next key of one that may match (`KeySearch`).
 */
import { AcceleratedEngine } from "./accelerate-engine.js";
import {
  ALPHABETS,
  type Alphabet,
  EXTRA_SECRET_RULES,
  type ExtraSecretRule,
  literalSource,
  type Run,
  type StructuralCheck,
  tailSource,
} from "./extra-secret-rules.js";
import { KeySearch } from "./key-search.js";
import { LiteralSkip } from "./literal-skip.js";
import { runRegexes, SHORT } from "./run-regexes.js";
import {
  Cursor,
  Engine,
  type ExtensionScanner,
  RULE_COUNT,
  type RuleExtension,
} from "./scanner.js";

// Class bits: the alphabets of the records (bits 0 to 10, in `ALPHABETS` order), then the
// classes of the structural checks.
const ALPHABET_NAMES = Object.keys(ALPHABETS) as Alphabet[];
const BIT = Object.fromEntries(ALPHABET_NAMES.map((name, k) => [name, 1 << k])) as Record<
  Alphabet,
  number
>;
const WORD = BIT.word;
const DIGIT = BIT.digit;
const B64 = BIT.base64;
const USERINFO = 1 << 16; // RFC 3986 userinfo characters except ":" and "$": [A-Za-z0-9._~%!&'()*+,;=-]
const PEM_BODY = 1 << 17; // base64, blanks, line breaks, "\" (JSON "\n") and legacy headers' ":,.-"
const HEADER = 1 << 18; // [A-Z0-9 ]
const BLANK = 1 << 19; // [ \t]
const STRING = 1 << 20; // anything but `"` and a line break (non-ASCII included, see `cls`)
const PEM_LINE = 1 << 21; // [\r\n\\]: with B64, the lines of a base64 body
const TOKEN = 1 << 22; // [A-Za-z0-9_.+/=~-]: what most credentials are made of (see `inRuns`)

// Every UTF-16 code unit, non-ASCII ones STRING (see `cls`): loops read a class in one load.
const CLASS = new Uint32Array(65536).fill(STRING);
const ALPHABET_RES = ALPHABET_NAMES.map((name) => new RegExp(`^[${ALPHABETS[name]}]$`));
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const upper = c >= 65 && c <= 90;
  const alnum = upper || (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  let bits = 0;
  for (let k = 0; k < ALPHABET_RES.length; k++) if (ALPHABET_RES[k]?.test(ch)) bits |= 1 << k;
  CLASS[c] =
    bits |
    (alnum || "._~%!&'()*+,;=-".includes(ch) ? USERINFO : 0) |
    (alnum || "+/=\\:,.- \t\r\n".includes(ch) ? PEM_BODY : 0) |
    (upper || (c >= 48 && c <= 57) || ch === " " ? HEADER : 0) |
    (ch === " " || ch === "\t" ? BLANK : 0) |
    (ch !== '"' && ch !== "\n" ? STRING : 0) |
    ("\r\n\\".includes(ch) ? PEM_LINE : 0) |
    (alnum || "_.+/=~-".includes(ch) ? TOKEN : 0);
}

const NOT_FOUND = Infinity;

/**
 * Shortest text whose engine is an `AcceleratedEngine`: its native reads pay off over long runs,
 * while a short text (a chat message) would pay more for setting them up than it saves.
 */
const ACCELERATE_FROM = 2048;

/** Sticky regexes, by class mask, that match a run of the characters of the mask. */
const runRegex = runRegexes(CLASS);

/**
 * Whether `literal` occurs in `text` at `at` (>= 0). `startsWith` costs several times as much
 * (about 5 ns a character), and these checks run at every literal of a text packed with them.
 */
function occursAt(text: string, literal: string, at: number): boolean {
  return text.slice(at, at + literal.length) === literal;
}

/** Reads forward from the end of a literal; returns the match end, or -1. */
type Reader = (x: ExtraScanner, i: number) => number;

/** `[cls]{min,max}` (greedy), then no character of `cls` or a word character. */
const token =
  (cls: number, min: number, max = NOT_FOUND): Reader =>
  (x, i) => {
    const end = max === NOT_FOUND ? x.run(i, cls) : x.runUpTo(i, cls, i + max);
    return end - i < min || x.cls(end) & (cls | WORD) ? -1 : end;
  };

/** `["']?[ \t]*[=:][ \t]*["']?` between a variable name and its value, then `value`. */
const assignment =
  (value: Reader): Reader =>
  (x, i) => {
    let j = x.quote(i);
    j = x.runUpTo(j, BLANK, NOT_FOUND);
    const c = x.code(j);
    if (c !== 61 && c !== 58) return -1; // = :
    return value(x, x.quote(x.runUpTo(j + 1, BLANK, NOT_FOUND)));
  };

/** Slack: digits, `-`, then the rest of the token. */
const slackTail = token(BIT.run, 10);
const slack: Reader = (x, i) => {
  const digits = x.run(i, DIGIT);
  if (digits === i || x.code(digits) !== 45) return -1;
  return slackTail(x, digits + 1);
};

/** `user:password` of a URL's authority: ends before the `@`. */
const userinfo: Reader = (x, i) => {
  const user = x.run(i, USERINFO);
  if (x.code(user) !== 58) return -1;
  const end = x.run(user + 1, USERINFO);
  return end > user + 1 && x.code(end) === 64 ? end : -1;
};

/** A JSON `private_key` member whose value is a PEM key, through its closing quote (or the line end). */
const serviceAccountKey: Reader = (x, i) => {
  let j = x.runUpTo(i, BLANK, NOT_FOUND);
  if (x.code(j) !== 58) return -1;
  j = x.runUpTo(j + 1, BLANK, NOT_FOUND);
  if (!occursAt(x.text, '"-----BEGIN ', j)) return -1;
  const end = x.run(j + 1, STRING);
  return x.code(end) === 34 ? end + 1 : end;
};

/**
 * After `-----BEGIN `: a `…PRIVATE KEY-----` header, then through the first `-----END ` if
 * only key text lies before it, else through the base64 lines that follow; in both cases to
 * the end of that line, so that redacting a key never joins two lines of the content.
 */
const privateKey: Reader = (x, i) => {
  const h = x.run(i, HEADER);
  const t = x.text;
  const ok =
    (h - 11 >= i && occursAt(t, "PRIVATE KEY", h - 11)) ||
    (h - 17 >= i && occursAt(t, "PRIVATE KEY BLOCK", h - 17));
  if (!ok || !occursAt(t, "-----", h)) return -1;
  const footer = x.pemFooter(h + 5);
  return x.lineEnd(footer >= 0 ? footer : x.runUpTo(h + 5, B64 | PEM_LINE, NOT_FOUND));
};

/** The reader of each structural check. */
const CHECKS: Record<StructuralCheck, Reader> = {
  slack,
  userinfo,
  "service-account": serviceAccountKey,
  "private-key": privateKey,
};

/**
 * The body and the parts after it, in order: each run read as far as it goes (up to its
 * `max`), each separator where it must be; then no character of the last run's alphabet, nor a
 * word character, after a run (nor a word character after a separator ending with one).
 */
function partsReader(parts: readonly (Run | string)[]): Reader {
  const last = parts[parts.length - 1] as Run | string;
  const after = typeof last === "string" ? (/\w$/.test(last) ? WORD : 0) : BIT[last.chars] | WORD;
  return (x, i) => {
    let j = i;
    for (const part of parts) {
      if (typeof part === "string") {
        if (!occursAt(x.text, part, j)) return -1;
        j += part.length;
        continue;
      }
      const cls = BIT[part.chars];
      const end = part.max === undefined ? x.run(j, cls) : x.runUpTo(j, cls, j + part.max);
      if (end - j < part.min) return -1;
      j = end;
    }
    return x.cls(j) & after ? -1 : j;
  };
}

/** What follows a record's literal, read forward from the literal's end. */
function readerOf(record: ExtraSecretRule): Reader {
  let read: Reader;
  if (record.check) read = CHECKS[record.check.name];
  else if (record.rest) read = partsReader([record.body as Run, ...record.rest]);
  else {
    const { chars, min, max } = record.body as Run;
    read = token(BIT[chars], min, max);
  }
  return record.assign ? assignment(read) : read;
}

/** Shortest run of TOKEN characters searched for literals that `inRuns` (see `runNext`). */
const MIN_RUN = 20;

/** Whether every character of a class bit's alphabet is a TOKEN character. */
function tokenOnly(cls: number): boolean {
  for (let c = 0; c < 128; c++)
    if ((CLASS[c] as number) & cls && !((CLASS[c] as number) & TOKEN)) return false;
  return true;
}

/**
 * Whether a record's literals are looked for inside runs of MIN_RUN or more TOKEN characters
 * instead of by an anchor: its literal and every part are made of them (so a whole match
 * lies inside one such run) and its shortest match is that long. Prose rarely has such runs.
 */
function inRuns(record: ExtraSecretRule, text: string): boolean {
  if (record.check || record.assign || !/^\w/.test(text)) return false;
  const parts = [text, record.body as Run, ...(record.rest ?? [])];
  let length = 0;
  for (const part of parts) {
    if (typeof part === "string") {
      if (![...part].every((ch) => (CLASS[ch.charCodeAt(0)] as number) & TOKEN)) return false;
      length += part.length;
    } else {
      if (!tokenOnly(BIT[part.chars])) return false;
      length += part.min;
    }
  }
  return length >= MIN_RUN;
}

interface Literal {
  readonly text: string;
  readonly rule: number;
  readonly read: Reader;
  /** Offset of the anchor character the literal is found by (0: no anchor, own cursor). */
  readonly anchor: number;
  /** Whether its anchor and the two characters before it are all of it (`r8_`, `hf_`). */
  readonly keyed: boolean;
  /** Whether it is looked for in long runs (`inRuns`; then its `anchor` is 0). */
  readonly inRun: boolean;
  /** Its third character (-1 for a literal of two): checked before the rest. */
  readonly third: number;
  /** Its index in LITERALS. */
  readonly id: number;
}

const ANCHORS = '_-:"';
let literals = 0;
const LITERALS: Literal[] = EXTRA_SECRET_RULES.flatMap((record, i) => {
  const read = readerOf(record);
  return record.prefixes.map((text) => {
    // The first anchor character from the third on: two characters before it narrow the check.
    let anchor = 2;
    while (anchor < text.length && !ANCHORS.includes(text[anchor] as string)) anchor++;
    // "-----BEGIN " gets its own cursor: `indexOf` skips runs of dashes, a pair table cannot.
    const inRun = inRuns(record, text);
    const own = inRun || anchor === text.length || text.startsWith("--");
    const at = own ? 0 : anchor;
    return {
      text,
      rule: RULE_COUNT + 1 + i,
      read,
      anchor: at,
      keyed: at === 2 && text.length === 3,
      inRun,
      third: text.length > 2 ? text.charCodeAt(2) : -1,
      id: literals++,
    };
  });
});
/**
 * Per literal: a regex that every match of it satisfies where it starts (see `LiteralSkip`),
 * linear in irregexp, its repetitions never overlapping what comes before or after them. No
 * `\b` before it: V8 then looks for the literal by skipping (a literal inside a word is found,
 * read, and missed again).
 */
const SHAPES = EXTRA_SECRET_RULES.flatMap((record) =>
  record.prefixes.map((text) => new RegExp(literalSource(text) + tailSource(record, false), "g")),
);
/** (character before, anchor character) -> a group number from 1; 0: no literal anchored there. */
const PAIRS = new Uint8Array(128 * 128);
const byBucket = new Map<number, Literal[]>();
let groups = 0;
for (const literal of LITERALS) {
  if (literal.anchor === 0) continue;
  const at = literal.anchor;
  const key = (literal.text.charCodeAt(at - 1) << 7) | literal.text.charCodeAt(at);
  if (!PAIRS[key]) PAIRS[key] = ++groups;
  const bucket = ((PAIRS[key] as number) << 7) | literal.text.charCodeAt(at - 2);
  byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), literal]);
}
/**
 * Literals by group and the character two before the anchor: BUCKETS[group * 128 + char].
 * Dense, every slot an array: a sparse array is a hash table, slow to read at every anchor.
 */
const BUCKETS: readonly Literal[][] = Array.from(
  { length: (groups + 1) << 7 },
  (_, bucket) => byBucket.get(bucket) ?? [],
);
const NO_LITERALS: Literal[] = [];
const UNANCHORED = LITERALS.filter((literal) => literal.anchor === 0 && !literal.inRun);
/** Literals read in long runs, by their first two characters: RUN_BUCKETS[RUN_PAIRS[c0 * 128 + c1]]. */
const RUN_PAIRS = new Uint16Array(128 * 128);
const RUN_BUCKETS: Literal[][] = [[]];
for (const literal of LITERALS) {
  if (!literal.inRun) continue;
  const key = ((literal.text.charCodeAt(0) << 7) | literal.text.charCodeAt(1)) & 16383;
  if (!RUN_PAIRS[key]) RUN_PAIRS[key] = RUN_BUCKETS.push([]) - 1;
  RUN_BUCKETS[RUN_PAIRS[key] as number]?.push(literal);
}
/**
 * Per bucket and third character (low seven bits): 1 if a literal of the bucket may start so
 * (a two-character literal, whatever follows). A word start whose first two characters
 * begin literals but whose third begins none (`sk-` for `sk_live_`) is passed over in the loop.
 */
const RUN_THIRDS = new Uint8Array(RUN_BUCKETS.length << 7);
RUN_BUCKETS.forEach((bucket, b) => {
  for (const { third } of bucket) {
    if (third < 0) RUN_THIRDS.fill(1, b << 7, (b + 1) << 7);
    else RUN_THIRDS[(b << 7) | (third & 127)] = 1;
  }
});
/**
 * The first three characters of every literal (of a two-character literal, those two and
 * any third), as a bit set indexed by their low seven bits, and their first two as a table:
 * a short text none of whose three-character windows is in the set holds no literal (a chat
 * message holds none), and the scanner's set-up is skipped. The pair table settles most
 * windows in one byte load from a table small enough to stay in the cache.
 */
const STARTS = new Uint32Array(1 << 16);
const FIRST_PAIRS = new Uint8Array(1 << 14);
const startKey = (a: number, b: number, c: number) =>
  ((a & 127) << 14) | ((b & 127) << 7) | (c & 127);
for (const { text } of LITERALS) {
  const [a, b] = [text.charCodeAt(0), text.charCodeAt(1)];
  FIRST_PAIRS[startKey(0, a, b)] = 1;
  for (let c = 0; c < 128; c++) {
    if (text.length > 2 && c !== text.charCodeAt(2)) continue;
    const key = startKey(a, b, c);
    STARTS[key >>> 5] = (STARTS[key >>> 5] as number) | (1 << (key & 31));
  }
}

/** Whether a literal may start somewhere in `text` (false: none does). */
function mayHoldLiteral(text: string): boolean {
  const n = text.length;
  // Reads stay inside the text: an index past its end would make V8 compile the loop for NaN.
  let a = n > 0 ? text.charCodeAt(0) & 127 : 0;
  for (let i = 1; i < n; i++) {
    const b = text.charCodeAt(i) & 127;
    if (FIRST_PAIRS[(a << 7) | b] !== 0) {
      // At the end, 0 stands for the missing third: a two-character literal there counts.
      const key = startKey(a, b, i + 1 < n ? text.charCodeAt(i + 1) : 0);
      if ((STARTS[key >>> 5] as number) & (1 << (key & 31))) return true;
    }
    a = b;
  }
  return false;
}

/** Literals by key (their anchor and the two characters before it), and the keys' search. */
const KEYED: readonly Literal[][] = [...byBucket.values()];
const KEYS = new KeySearch(
  KEYED.map(([literal]) => {
    const { text, anchor } = literal as Literal;
    return text.slice(anchor - 2, anchor + 1);
  }),
);
/** Per key, its anchor character's index in ANCHORS. */
const KEY_ANCHORS = KEYED.map(([literal]) => {
  const { text, anchor } = literal as Literal;
  return ANCHORS.indexOf(text[anchor] as string);
});
/** New regexes of KEYS a scan may compile; then it reads on character by character. */
const KEY_REGEXES = 8;
/** Literals by their first character (for `matchVirtual`), in rule order. */
const BY_FIRST: Literal[][] = [];
for (const literal of LITERALS) {
  const first = literal.text.charCodeAt(0);
  BY_FIRST[first] = [...(BY_FIRST[first] ?? []), literal];
}
const MAX_ANCHOR = Math.max(...LITERALS.map((literal) => literal.anchor));
/**
 * Characters read one by one before jumping to the next anchor character with `indexOf`; up
 * to MAX_WINDOW while the anchor characters are dense (every jump lands close).
 */
const WINDOW = 64;
const MAX_WINDOW = 4096;

/** Pending literal starts are moved to the front of their arrays once this many are done. */
const COMPACT_AT = 32;

/**
 * First occurrence of a literal at or after a position, for non-decreasing positions,
 * searched by the literal without the run of its first character that begins it: `indexOf`
 * then neither crawls through floods of that character (`AAAA…`, `-----…`) nor, the part
 * searched being short, sets up its long-pattern search again on every call.
 */
class PartCursor {
  private at = -1;
  private readonly skip: number;
  private readonly part: string;
  constructor(
    private readonly text: string,
    private readonly literal: string,
  ) {
    let skip = 1;
    while (literal.charCodeAt(skip) === literal.charCodeAt(0)) skip++;
    this.skip = skip;
    this.part = literal.slice(skip);
  }

  next(from: number): number {
    if (this.at < from) {
      let found = this.text.indexOf(this.part, from + this.skip);
      while (found >= 0 && !this.runBefore(found)) {
        found = this.text.indexOf(this.part, found + 1);
      }
      this.at = found < 0 ? NOT_FOUND : found - this.skip;
    }
    return this.at;
  }

  /** Whether the run of the first character that the literal begins with ends at `part`. */
  private runBefore(part: number): boolean {
    const first = this.literal.charCodeAt(0);
    for (let i = part - this.skip; i < part; i++) {
      if (this.text.charCodeAt(i) !== first) return false;
    }
    return true;
  }
}

class ExtraScanner implements ExtensionScanner {
  end = 0;
  private readonly n: number;
  private readonly anchors: Cursor[];
  private readonly plain: PartCursor[];
  /**
   * Matches of anchored literals found, ascending by start, with the literal and the end of
   * each: [head, count) are pending. They start within MAX_ANCHOR + 1 of each other, so the
   * pending ones are moved to the front now and then: the arrays stay small however many
   * literals the text holds.
   */
  private readonly starts: number[] = [];
  private readonly found: Literal[] = [];
  private readonly ends: number[] = [];
  private head = 0;
  private count = 0;
  /** Length of the next run of anchors read one by one (see `scanAnchors`). */
  private window = WINDOW;
  /** Literals read in the current window, and new regexes of KEYS asked for (see `jump`). */
  private reads = 0;
  private regexes = 0;
  /** Anchors before this position have been turned into `starts`. */
  private scanned = 0;
  private plainNext = -1;
  /** The literal at `plainNext`. */
  private plainLiteral = UNANCHORED[0] as Literal;
  /** The last match `next` returned: its start, rule and end (`hitAt` +Infinity: none left). */
  private hitAt = -1;
  private hitRule = 0;
  private hitEnd = 0;
  // Cached maximal runs per class bit: [from, end).
  private readonly runFrom = new Int32Array(32).fill(-1);
  private readonly runEnd = new Int32Array(32).fill(-1);
  // Private-key bodies up to the footer at `footerAt`: clean from `cleanFrom`, bad at `badAt`.
  private readonly footers: PartCursor;
  private footerAt = -1;
  private cleanFrom = NOT_FOUND;
  private badAt = -1;
  private readonly skip: LiteralSkip;
  /**
   * The next match of a literal read in long runs: start (+Infinity: none before
   * `runScanned`), rule, end. A double from the start: a field that turns from small integer
   * to double changes the object's shape, and V8 drops the code compiled for it.
   */
  private runAt = NOT_FOUND;
  private runRule = 0;
  private runHitEnd = 0;
  /** Word starts before it have been tried (see `runNext`). */
  private runScanned = 0;
  /** End of the long run of TOKEN characters being read. */
  private tokenTo = -1;
  /** Per bucket of RUN_BUCKETS: no literal of it matches before this position. */
  private readonly bucketFrom = new Float64Array(RUN_BUCKETS.length);

  constructor(readonly text: string) {
    this.n = text.length;
    this.skip = new LiteralSkip(text, SHAPES);
    this.anchors = [...ANCHORS].map((ch) => new Cursor(text, ch));
    this.plain = UNANCHORED.map((literal) => new PartCursor(text, literal.text));
    this.footers = new PartCursor(text, "-----END ");
  }

  /**
   * Literals are read and checked as they are found, so that the many that do not match (a
   * text made of them) never reach the caller, nor the queue: it sees only matches.
   */
  next(from: number, limit: number): number {
    if (this.hitAt >= from && this.hitRule < limit) return this.hitAt;
    for (;;) {
      const starts = this.starts;
      while (
        this.head < this.count &&
        ((starts[this.head] as number) < from || (this.found[this.head] as Literal).rule >= limit)
      ) {
        this.head++;
      }
      if (this.head === this.count) this.head = this.count = 0;
      // A literal anchored at `a` starts at or after a - MAX_ANCHOR: the first match known is
      // the first there is once every anchor up to MAX_ANCHOR past it has been read.
      while (this.scanned < this.n && this.scanned <= this.first() + MAX_ANCHOR) {
        this.scanned = this.scanAnchors(this.scanned, from, limit);
      }
      if (this.plainNext < from) {
        this.plainNext = NOT_FOUND;
        for (let k = 0; k < UNANCHORED.length; k++) {
          const literal = UNANCHORED[k] as Literal;
          const at = literal.rule < limit ? (this.plain[k] as PartCursor).next(from) : NOT_FOUND;
          if (at < this.plainNext) {
            this.plainNext = at;
            this.plainLiteral = literal;
          }
        }
      }
      let s = this.first();
      let rule = s === NOT_FOUND ? 0 : (this.found[this.head] as Literal).rule;
      let end = this.ends[this.head] as number;
      const r = this.runNext(from, limit);
      if (r < s || (r === s && r !== NOT_FOUND && this.runRule < rule)) {
        s = r;
        rule = this.runRule;
        end = this.runHitEnd;
      }
      if (s <= this.plainNext) {
        this.hitAt = s;
        this.hitRule = rule;
        this.hitEnd = end;
        return s;
      }
      const at = this.plainNext;
      const literal = this.plainLiteral;
      const plainEnd = this.read(at, literal);
      if (plainEnd >= 0) {
        this.hitAt = at;
        this.hitRule = literal.rule;
        this.hitEnd = plainEnd;
        return at;
      }
      // Inside a word no later start starts a word either: go past the word (its end cached).
      from = this.cls(at - 1) & this.cls(at) & WORD ? this.run(at, WORD) : at + 1;
    }
  }

  /**
   * The first match at or after `from` of a literal read in long runs, rule below `limit`
   * (+Infinity if none): at each word start inside a run of MIN_RUN or more TOKEN characters,
   * the literals of its first two characters are tried in rule order. Prose is passed over
   * by looking at one character in MIN_RUN (see `longRun`); a run is read once.
   */
  private runNext(from: number, limit: number): number {
    const known = this.runAt !== NOT_FOUND || this.runScanned >= this.n;
    if (known && this.runAt >= from && this.runRule < limit) return this.runAt;
    let p = Math.max(from, this.runScanned);
    for (;;) {
      if (p >= this.tokenTo) {
        const start = this.longRun(p);
        if (start === NOT_FOUND) {
          this.runScanned = this.n;
          this.runAt = NOT_FOUND;
          return NOT_FOUND;
        }
        // The run's end is found by the loop below; until then it lies ahead.
        this.tokenTo = this.n;
        p = Math.max(p, start);
      }
      const hit = this.wordStarts(p, limit);
      if (hit >= 0) return hit;
      p = this.tokenTo;
    }
  }

  /**
   * The first word start at or after `p`, up to the end of the run (which it sets as
   * `tokenTo`), where a literal matches; -1 if none. A method of its own, so that V8 compiles
   * this loop as a whole function rather than entering it from `runNext` mid-way.
   */
  private wordStarts(from: number, limit: number): number {
    const t = this.text;
    const stop = this.tokenTo;
    let p = from;
    let before = p > 0 ? (CLASS[t.charCodeAt(p - 1)] as number) & WORD : 0;
    for (; p < stop; p++) {
      const c = t.charCodeAt(p);
      const cls = CLASS[c] as number;
      if (!(cls & TOKEN)) break;
      const word = cls & WORD;
      if (word === 0 || before !== 0) {
        before = word;
        continue;
      }
      before = word;
      const bucket = RUN_PAIRS[((c << 7) | t.charCodeAt(p + 1)) & 16383] as number;
      if (
        bucket !== 0 &&
        RUN_THIRDS[(bucket << 7) | (t.charCodeAt(p + 2) & 127)] !== 0 &&
        p >= (this.bucketFrom[bucket] as number) &&
        this.tryRun(p, bucket, limit)
      ) {
        return p;
      }
    }
    this.tokenTo = p;
    return -1;
  }

  /**
   * Whether a literal of `bucket` (rule below `limit`) matches at `p`; it becomes `runAt`.
   * A literal that misses often has `LiteralSkip` find where it can match next, and the
   * bucket is passed over up to the first such place of its literals.
   */
  private tryRun(p: number, bucket: number, limit: number): boolean {
    const literals = RUN_BUCKETS[bucket] as Literal[];
    const third = this.text.charCodeAt(p + 2);
    let missed = false;
    for (const literal of literals) {
      if (literal.third >= 0 && literal.third !== third) continue;
      if (literal.rule >= limit || p < this.skip.from(literal.id)) continue;
      if (!occursAt(this.text, literal.text, p)) continue;
      const end = literal.read(this, p + literal.text.length);
      if (end < 0) {
        this.skip.missed(literal.id, p);
        missed = true;
        continue;
      }
      this.runAt = p;
      this.runRule = literal.rule;
      this.runHitEnd = end;
      this.runScanned = p + 1;
      return true;
    }
    if (missed) {
      let from = NOT_FOUND;
      for (const literal of literals) from = Math.min(from, this.skip.from(literal.id));
      this.bucketFrom[bucket] = from;
    }
    return false;
  }

  /**
   * Start of the first run of MIN_RUN or more TOKEN characters that ends after `p` (at most
   * MIN_RUN characters before `p`, and after the run read last), or +Infinity. Looks at the
   * last character such a run would need and jumps past it when it cannot be in one.
   */
  private longRun(p: number): number {
    const t = this.text;
    let s = p;
    // Back over the TOKEN characters before `p`, but not into the run read last.
    const back = Math.max(p - MIN_RUN, this.tokenTo, 0);
    while (s > back && (CLASS[t.charCodeAt(s - 1)] as number) & TOKEN) s--;
    let known = p; // [s, known) is known to be TOKEN
    while (s + MIN_RUN <= this.n) {
      const far = s + MIN_RUN - 1;
      if (!((CLASS[t.charCodeAt(far)] as number) & TOKEN)) {
        s = known = far + 1;
        continue;
      }
      let j = far;
      while (j > known && (CLASS[t.charCodeAt(j - 1)] as number) & TOKEN) j--;
      if (j <= known) return s;
      s = j;
      known = far + 1;
    }
    return NOT_FOUND;
  }

  /** End of the match of `literal` at `s`, which starts a word there if it must; -1 if none. */
  private read(s: number, literal: Literal): number {
    if (this.cls(s) & WORD && this.cls(s - 1) & WORD) return -1;
    return literal.read(this, s + literal.text.length);
  }

  match(s: number, virtual: boolean, limit: number): number {
    if (s === this.hitAt && this.hitRule < limit) {
      this.end = this.hitEnd;
      return this.hitRule;
    }
    return virtual ? this.matchVirtual(s, limit) : 0;
  }

  /**
   * The first literal of a rule below `limit` that matches at `s`, where the character before
   * counts as a non-word one (it ends a match): literals that start a word only so were left
   * out when found.
   */
  private matchVirtual(s: number, limit: number): number {
    for (const literal of BY_FIRST[this.text.charCodeAt(s) & 127] ?? []) {
      if (literal.rule >= limit || !occursAt(this.text, literal.text, s)) continue;
      const end = literal.read(this, s + literal.text.length);
      if (end < 0) continue;
      this.end = end;
      return literal.rule;
    }
    return 0;
  }

  private first(): number {
    return this.head < this.count ? (this.starts[this.head] as number) : NOT_FOUND;
  }

  /**
   * Reads anchor characters from `i` one by one (dense text) until one yields a match or
   * `window` characters have passed, then jumps to the next anchor character (sparse text),
   * or, after a long window where every literal found was known not to match (`-----…`,
   * `r8_a r8_a …`), to the next key of a literal that may. Returns where to go on.
   */
  private scanAnchors(from: number, passed: number, limit: number): number {
    const t = this.text;
    const stop = Math.min(this.n, from + this.window);
    let before = from > 0 ? t.charCodeAt(from - 1) : 128;
    this.reads = 0;
    for (let i = from; i < stop; i++) {
      const c = t.charCodeAt(i);
      const group = (before | c) < 128 ? (PAIRS[(before << 7) | c] as number) : 0;
      before = c;
      if (group === 0) continue;
      // No character two before at i = 1 (reading one outside the text costs a deopt).
      const two = i > 1 ? t.charCodeAt(i - 2) : 0;
      // Keys are ASCII: a character above (`Ų8_`) must not pass for its low bits (`r8_`).
      const bucket = two < 128 ? (BUCKETS[(group << 7) | two] as Literal[]) : NO_LITERALS;
      if (bucket.length > 0 && this.anchorAt(i, bucket, passed, limit)) return i + 1;
    }
    if (stop === this.n) return this.n;
    if (this.reads === 0 && this.window === MAX_WINDOW) {
      const to = this.jump(stop, limit);
      if (to >= 0) return to;
    }
    let a = NOT_FOUND;
    for (const cursor of this.anchors) a = Math.min(a, cursor.next(stop));
    // Anchor characters close after a window: read longer ones (fewer searches), else shorter.
    this.window = a < stop + WINDOW ? Math.min(this.window * 2, MAX_WINDOW) : WINDOW;
    return Math.min(a, this.n);
  }

  /**
   * The next anchor at or after `stop` of a literal below `limit` that may match there: the
   * keys of the others left out of the search, up to where the first of those may match.
   * -1 when that would take one regex too many.
   */
  private jump(stop: number, limit: number): number {
    let out = 0;
    let bound = this.n;
    // Once `_` no longer occurs, keys whose anchor character does not occur again are left out
    // too: without the `_` keys (most of them, many starting with capitals) the regex skips
    // ahead ten times as fast through `-----BEGIN …`. Leaving out only others can slow it.
    const gone = this.anchors.map((cursor) => cursor.next(stop) === NOT_FOUND);
    if (!gone[ANCHORS.indexOf("_")]) gone.fill(false);
    for (let k = 0; k < KEYED.length; k++) {
      if (gone[KEY_ANCHORS[k] as number]) {
        out += 2 ** k;
        continue;
      }
      let left = true;
      for (const literal of KEYED[k] as Literal[]) {
        if (literal.rule >= limit) continue;
        const at = this.skip.from(literal.id) + literal.anchor;
        if (at > stop) bound = Math.min(bound, at);
        else left = false;
      }
      if (left) out += 2 ** k;
    }
    if (!KEYS.has(out) && ++this.regexes > KEY_REGEXES) return -1;
    this.window = WINDOW;
    // A key ends at its anchor: one starting at stop - 2 or later has its anchor ahead.
    const key = KEYS.find(this.text, stop - 2, out);
    return key < 0 ? bound : Math.min(key + 2, bound);
  }

  /**
   * Records the matches of the literals of `bucket` anchored at `a` (those that start a word
   * only after a match are left to `matchVirtual`); whether there was one.
   */
  private anchorAt(a: number, bucket: Literal[], passed: number, limit: number): boolean {
    let any = false;
    for (const literal of bucket) {
      const s = a - literal.anchor;
      if (s < passed || literal.rule >= limit || s < this.skip.from(literal.id)) continue;
      this.reads++;
      // The bucket's key has checked the anchor and the two characters before it.
      const end =
        literal.keyed || occursAt(this.text, literal.text, s) ? this.read(s, literal) : -1;
      if (end < 0) {
        this.skip.missed(literal.id, s);
        continue;
      }
      const starts = this.starts;
      if (this.head >= COMPACT_AT) {
        starts.copyWithin(0, this.head, this.count);
        this.found.copyWithin(0, this.head, this.count);
        this.ends.copyWithin(0, this.head, this.count);
        this.count -= this.head;
        this.head = 0;
      }
      let k = this.count++;
      for (; k > this.head && (starts[k - 1] as number) > s; k--) {
        starts[k] = starts[k - 1] as number;
        this.found[k] = this.found[k - 1] as Literal;
        this.ends[k] = this.ends[k - 1] as number;
      }
      starts[k] = s;
      this.found[k] = literal;
      this.ends[k] = end;
      any = true;
    }
    return any;
  }

  cls(i: number): number {
    const c = this.text.charCodeAt(i);
    if (c < 128) return CLASS[c] as number;
    return i < this.n ? STRING : 0; // non-ASCII is only ever part of a quoted string
  }

  code(i: number): number {
    return this.text.charCodeAt(i);
  }

  /** Past an optional `"` or `'` at `i`. */
  quote(i: number): number {
    const c = this.text.charCodeAt(i);
    return c === 34 || c === 39 ? i + 1 : i;
  }

  /** End of the run of `cls` (one class bit) starting at `i`, cached. */
  run(i: number, cls: number): number {
    const k = 31 - Math.clz32(cls);
    if (i >= (this.runFrom[k] as number) && i < (this.runEnd[k] as number)) {
      return this.runEnd[k] as number;
    }
    const end = this.runUpTo(i, cls, NOT_FOUND);
    this.runFrom[k] = i;
    this.runEnd[k] = end;
    return end;
  }

  /**
   * End of the run of `cls` starting at `i`, stopping at `limit`. Without a limit, a run
   * longer than SHORT is read on by a native regex (a character in 1 ns instead of 4).
   */
  runUpTo(i: number, cls: number, limit: number): number {
    const t = this.text;
    const end = Math.min(limit, this.n);
    const stop = limit === NOT_FOUND ? Math.min(i + SHORT, end) : end;
    let j = i;
    for (; j < stop; j++) {
      const c = t.charCodeAt(j);
      if (!((CLASS[c] as number) & cls)) return j;
    }
    if (j === end) return j;
    const re = runRegex(cls);
    re.lastIndex = j;
    re.test(t);
    return re.lastIndex;
  }

  lineEnd(i: number): number {
    const nl = this.text.indexOf("\n", i);
    return nl < 0 ? this.n : nl;
  }

  /** End of the first `-----END ` line after `from` when only key text comes before it, else -1. */
  pemFooter(from: number): number {
    const at = this.footers.next(from);
    if (at === NOT_FOUND) return -1;
    if (at !== this.footerAt) {
      this.footerAt = at;
      this.cleanFrom = NOT_FOUND;
      this.badAt = -1;
    }
    if (from < this.cleanFrom) {
      if (this.badAt >= from) return -1;
      const bad = this.runUpTo(from, PEM_BODY, Math.min(at, this.cleanFrom));
      if (bad < Math.min(at, this.cleanFrom)) {
        this.badAt = bad;
        return -1;
      }
      this.cleanFrom = from;
    }
    return at;
  }
}

/**
 * The extra rules as an engine extension. Texts of `accelerateFrom` characters or more get
 * the `AcceleratedEngine`; shorter ones are first searched for any literal at all.
 */
export function extraExtension(accelerateFrom: number): RuleExtension {
  return {
    rules: EXTRA_SECRET_RULES,
    // Long ones first: whether any occurs is settled by the first found, long ones found fastest.
    awsMarkers: ["AWS_SECRET_ACCESS_KEY", "SecretAccessKey", "ASIA"],
    engine: (text, triggers) =>
      text.length >= accelerateFrom
        ? new AcceleratedEngine(text, triggers)
        : new Engine(text, triggers),
    scanner: (text) =>
      text.length < accelerateFrom && !mayHoldLiteral(text) ? null : new ExtraScanner(text),
  };
}

/** What `rules: 'all'` adds to the spec's twelve. */
export const EXTRA_EXTENSION = extraExtension(ACCELERATE_FROM);
