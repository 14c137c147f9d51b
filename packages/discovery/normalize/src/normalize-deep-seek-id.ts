const PREFIX = "deepseek/";
const DASH = 0x2d;
const DOT = 0x2e;
const LOWER_V = 0x76;

/**
 * Normalizes a DeepSeek model id: remove a leading `deepseek/` (exact, case-sensitive), then remove
 * a trailing version suffix `-v<digits>.<digits>` together with any following `-<word>` groups up to
 * the end (word = ASCII letters, digits, `_`). This is `-v\d+\.\d+(-\w+)*$` with JavaScript's ASCII
 * `\d` and `\w`, implemented as one backward scan from the end: no backtracking, O(length) on any input.
 *
 * `deepseek/deepseek-reasoner-v3.1-terminus` -> `deepseek-reasoner`; `deepseek-r1-v1.0-a-b_c` ->
 * `deepseek-r1`; `deepseek/deepseek-prover-v2` -> `deepseek-prover-v2` (no dot, no version suffix).
 */
export function normalizeDeepSeekId(id: string): string {
  const s = id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id;
  const cut = versionSuffixStart(s);
  return cut === -1 ? s : s.slice(0, cut);
}

/**
 * Start of the `-v<digits>.<digits>(-<word>)*` suffix of `s`, or -1, found from the end.
 * The `-<word>` groups hold no `.`, and every `-` inside them starts a valid run of groups,
 * so a match's version must end exactly where the longest run of groups begins: check the version
 * backwards from there. At most one position can match, hence this is the regex's leftmost match.
 */
function versionSuffixStart(s: string): number {
  const versionEnd = groupTailStart(s);
  let j = versionEnd;
  while (j > 0 && isDigit(s.charCodeAt(j - 1))) j--;
  if (j === versionEnd || j === 0 || s.charCodeAt(j - 1) !== DOT) return -1;
  const dot = j - 1;
  j = dot;
  while (j > 0 && isDigit(s.charCodeAt(j - 1))) j--;
  if (j === dot || j < 2 || s.charCodeAt(j - 1) !== LOWER_V || s.charCodeAt(j - 2) !== DASH) {
    return -1;
  }
  return j - 2;
}

/**
 * Smallest index t such that `s.slice(t)` is a (possibly empty) run of `-<word>` groups,
 * found by scanning back from the end. Every `-` at or after t starts a valid run too.
 */
function groupTailStart(s: string): number {
  let t = s.length;
  let j = t;
  while (j > 0) {
    const c = s.charCodeAt(j - 1);
    if (isWordChar(c)) {
      j--;
    } else if (c === DASH && j < t) {
      j--;
      t = j;
    } else {
      break;
    }
  }
  return t;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWordChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f
  );
}
