/**
 * Whether every string and key in a parsed JSON value is well-formed Unicode (no lone UTF-16
 * surrogate, which JSON's `\ud800` escapes can produce). Iterative, so nesting cannot
 * overflow the stack.
 */
/** In Unicode mode a surrogate pair reads as one code point; only a lone half is `Cs`. */
const LONE_SURROGATE = /\p{Cs}/u;

export function isWellFormedText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (LONE_SURROGATE.test(current)) return false;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    for (const [key, child] of Object.entries(current)) {
      if (LONE_SURROGATE.test(key)) return false;
      stack.push(child);
    }
  }
  return true;
}
