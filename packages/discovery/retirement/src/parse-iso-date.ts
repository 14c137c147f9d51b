/**
 * A calendar date as one comparable number, `year * 10000 + month * 100 + day`
 * (2026-05-15 -> 20260515), so that order of numbers is order of days.
 */
export type DayNumber = number;

/**
 * Parses a strict `YYYY-MM-DD` that names a real calendar day (`2026-02-30` and `2026-13-01` are
 * not). Anything else gives `null`; never throws.
 */
export function parseIsoDate(value: unknown): DayNumber | null {
  if (typeof value !== "string" || value.length !== 10) return null;
  if (value[4] !== "-" || value[7] !== "-") return null;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year === null || month === null || day === null) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return year * 10000 + month * 100 + day;
}

/** The UTC calendar day of an instant; `null` for an invalid `Date`. */
export function utcDayOf(date: Date): DayNumber | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

function digits(s: string, from: number, to: number): number | null {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) return null;
    n = n * 10 + c;
  }
  return n;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
