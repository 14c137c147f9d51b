import { InvalidArgumentError } from "@mesh/cli-kit";

/** The most days a window may span: ten years, so `today + days` stays a real date. */
export const MAX_WINDOW_DAYS = 3650;

/** A window in days, written `90d` or `90`: a whole number from 0 to {@link MAX_WINDOW_DAYS}. */
export function parseDays(value: string): number {
  const match = /^(\d{1,5})d?$/.exec(value.trim());
  const days = match === null ? Number.NaN : Number(match[1]);
  if (!(days >= 0 && days <= MAX_WINDOW_DAYS)) {
    throw new InvalidArgumentError(`expected a number of days, e.g. 30d (0 to ${MAX_WINDOW_DAYS})`);
  }
  return days;
}

/** `day` (`YYYY-MM-DD`) plus `days`, as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
