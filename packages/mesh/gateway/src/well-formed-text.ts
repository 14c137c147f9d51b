/** A `\u` escape that could be half of a surrogate pair; absent in nearly every body. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const BACKSLASH = 92;
const LOWER_U = 117;

/** The code unit of the `\uXXXX` escape at `at`, or -1 when there is none there. */
function escapedUnit(text: string, at: number): number {
  if (text.charCodeAt(at) !== BACKSLASH || text.charCodeAt(at + 1) !== LOWER_U) return -1;
  const unit = Number.parseInt(text.slice(at + 2, at + 6), 16);
  return Number.isNaN(unit) ? -1 : unit;
}

/**
 * Whether the strings and keys of a JSON text decode to well-formed Unicode. The text comes
 * from valid UTF-8, which cannot hold a lone UTF-16 surrogate, so only a `\ud800`-style escape
 * can make one: the text is scanned for escapes, never the parsed value, so the work is one
 * pass over the bytes however many elements a body holds (and none for a body without such an
 * escape). Meant for text that parsed as JSON.
 */
export function isWellFormedText(json: string): boolean {
  if (!SURROGATE_ESCAPE.test(json)) return true;
  let at = json.indexOf("\\");
  while (at !== -1) {
    const unit = escapedUnit(json, at);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = escapedUnit(json, at + 6);
      if (low < 0xdc00 || low > 0xdfff) return false;
      at = json.indexOf("\\", at + 12);
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    } else {
      // Any other escape is two characters at least (`\\` included, so it is never re-read).
      at = json.indexOf("\\", at + 2);
    }
  }
  return true;
}
