const TRAILING_ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * Turns an ISO 8601 date-time into xAI's native `YYYY-MM-DD HH:MM:SS` form:
 * the `T` becomes a space and a trailing `Z` or offset is dropped, keeping the
 * clock time (`2026-05-01T12:30:00+02:00` -> `2026-05-01 12:30:00`). Input
 * without a `T` is returned unchanged.
 */
export function toXaiTime(value: string): string {
  const separator = value.indexOf("T");
  if (separator < 0) return value;
  const spaced = `${value.slice(0, separator)} ${value.slice(separator + 1)}`;
  return spaced.replace(TRAILING_ZONE, "");
}
