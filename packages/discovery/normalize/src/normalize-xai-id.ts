const PREFIX = "x-ai/";
const BETA = "-beta";

/**
 * Normalizes an xAI model id. Three steps, each applied once, in order:
 * remove a leading `x-ai/` (exact, case-sensitive), remove a trailing `-beta`,
 * remove a trailing `-NN-NN` (two groups of exactly two ASCII digits).
 *
 * `x-ai/grok-4-07-09-beta` -> `grok-4`; `x-ai/grok-4-beta-07-09` -> `grok-4-beta`; `grok-4-0709` unchanged.
 */
export function normalizeXaiId(id: string): string {
  let out = id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id;
  if (out.endsWith(BETA)) out = out.slice(0, -BETA.length);
  if (endsWithDayPair(out)) out = out.slice(0, -6);
  return out;
}

/** True when `s` ends with `-NN-NN`. Fixed-width check instead of a regex. */
function endsWithDayPair(s: string): boolean {
  const n = s.length;
  if (n < 6) return false;
  return (
    s.charCodeAt(n - 6) === DASH &&
    isDigit(s.charCodeAt(n - 5)) &&
    isDigit(s.charCodeAt(n - 4)) &&
    s.charCodeAt(n - 3) === DASH &&
    isDigit(s.charCodeAt(n - 2)) &&
    isDigit(s.charCodeAt(n - 1))
  );
}

const DASH = 0x2d;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
