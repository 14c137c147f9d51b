/** Whole days from `day` (`YYYY-MM-DD`) to `now`'s UTC day; 0 for a day in the future. */
export function dataAgeDays(day: string, now: Date = new Date()): number {
  const then = Date.parse(`${day}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(then) ? 0 : Math.max(0, Math.round((today - then) / 86_400_000));
}
