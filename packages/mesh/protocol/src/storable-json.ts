/** Largest nesting of objects and arrays accepted in stored free-form JSON. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value can be stored as given: nesting of at most `maxDepth` levels
 * and no NUL character in any key or string (PostgreSQL text refuses NUL). Iterative, so a
 * hostile 1 MiB body of nested arrays cannot overflow the stack here or later in JSON.stringify.
 */
export function isStorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return false;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= maxDepth) return false;
    for (const [key, child] of Object.entries(current)) {
      if (key.includes("\u0000")) return false;
      stack.push([child, depth + 1]);
    }
  }
  return true;
}
