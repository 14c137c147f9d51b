/** Longest name quoted verbatim in an error message; longer ones are cut, so a huge input cannot bloat logs. */
const MAX_QUOTED_LENGTH = 128;

/** The name as shown inside `'...'` in error messages. */
export function quoteName(name: string): string {
  return name.length <= MAX_QUOTED_LENGTH ? name : `${name.slice(0, MAX_QUOTED_LENGTH)}…`;
}

/** A readable type name for the "must be string" message: `null` and `array` are told apart from `object`. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
