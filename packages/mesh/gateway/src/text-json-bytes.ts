/** Bit n set: control character n writes as a two-character escape (`\b`, `\t`, `\n`, `\f`, `\r`). */
const SHORT_ESCAPES = (1 << 0x08) | (1 << 0x09) | (1 << 0x0a) | (1 << 0x0c) | (1 << 0x0d);

/** A character JSON escapes: a control character, `"` or `\`. */
const ESCAPED = /[\x00-\x1f"\\]/;

/**
 * The UTF-8 bytes of `text` inside a JSON string, without the quotes: what JSON.stringify and
 * SQLite's json_object write. Escapes cost up to six bytes a character, so a page bound on
 * the raw text would load up to six times the page; this is the exact figure, a lower bound
 * of the message's JSON.
 */
export function textJsonBytes(text: string): number {
  let extra = 0;
  // Most text escapes nothing: one regular-expression scan, several times faster than the loop.
  const first = text.search(ESCAPED);
  if (first === -1) return Buffer.byteLength(text);
  for (let index = first; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20) extra += (SHORT_ESCAPES >> code) & 1 ? 1 : 5;
    else if (code === 0x22 || code === 0x5c) extra += 1;
  }
  return Buffer.byteLength(text) + extra;
}
