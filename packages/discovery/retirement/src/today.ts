/**
 * `YYYY-MM-DD` of a `Date` (its UTC day) or of a day string as given; the current UTC day when
 * absent. Null for an invalid `Date` or a string that is not `YYYY-MM-DD`-shaped.
 */
export function dayString(today: unknown): string | null {
  if (today === undefined || today === null) return currentDay();
  if (today instanceof Date) {
    return Number.isNaN(today.getTime()) ? null : today.toISOString().slice(0, 10);
  }
  return typeof today === "string" && DAY.test(today) ? today : null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
let cached = { from: 0, until: 0, day: "" };

// The current UTC day, formatted once per day: lookups run far more often than days change.
function currentDay(): string {
  const now = Date.now();
  if (now < cached.from || now >= cached.until) {
    const from = now - (now % DAY_MS);
    cached = { from, until: from + DAY_MS, day: new Date(now).toISOString().slice(0, 10) };
  }
  return cached.day;
}
