import { InvalidArgumentError } from "@mesh/cli-kit";

const DAY_MS = 86_400_000;

/**
 * A point in time from the command line: `7d` (UTC midnight seven days ago), `2026-05-01`
 * (UTC midnight), `now`, or an ISO 8601 date-time with a zone (`2026-05-01T12:00:00Z`).
 */
export function parseWhen(text: string, now: Date = new Date()): Date {
  if (text === "now") return new Date(now.getTime());
  const days = /^(\d{1,4})d$/.exec(text);
  if (days) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return new Date(midnight - Number(days[1]) * DAY_MS);
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const value = new Date(Date.UTC(year, month - 1, day));
    if (
      value.getUTCFullYear() === year &&
      value.getUTCMonth() === month - 1 &&
      value.getUTCDate() === day
    ) {
      return value;
    }
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const value = new Date(text);
    if (!Number.isNaN(value.getTime())) return value;
  }
  throw new InvalidArgumentError(
    "expected Nd (days ago), YYYY-MM-DD, now, or an ISO 8601 time with a zone",
  );
}
