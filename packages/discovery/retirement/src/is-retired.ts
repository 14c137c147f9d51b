import { type DayNumber, parseIsoDate, utcDayOf } from "./parse-iso-date.js";
import { type RetirementDateOptions, retirementDate } from "./retirement-date.js";

/** Options of `isRetired`. */
export interface IsRetiredOptions extends RetirementDateOptions {
  /**
   * The day to judge on. A `Date` counts as its UTC calendar day; a string must be a real
   * `YYYY-MM-DD` day. Default: the current UTC date. An invalid `Date`, a malformed string or
   * another type throws a `RangeError` (a caller bug, unlike registry problems, which never throw).
   */
  readonly today?: Date | string;
}

/**
 * True only when the model is registered with a valid ISO date and `today` is on or after it
 * (`grok/grok-4` is live on 2026-05-14 and retired from 2026-05-15). False for an unregistered
 * model, for the sentinel `deprecated` and for a stored value that is not a real calendar date.
 * Lookup accepts the same naming variants as `retirementDate`.
 */
export function isRetired(
  provider: string,
  modelId: string,
  options: IsRetiredOptions = {},
): boolean {
  const today = resolveToday(options.today);
  const value = retirementDate(provider, modelId, options);
  const retiredFrom = parseIsoDate(value);
  return retiredFrom !== null && today >= retiredFrom;
}

function resolveToday(today: Date | string | undefined): DayNumber {
  if (today === undefined) return utcDayOf(new Date()) as DayNumber;
  if (today instanceof Date) {
    const day = utcDayOf(today);
    if (day === null)
      throw new RangeError(
        "isRetired: `today` is an invalid Date; pass a valid Date or a YYYY-MM-DD string.",
      );
    return day;
  }
  const day = parseIsoDate(today);
  if (day === null) {
    throw new RangeError(
      `isRetired: \`today\` must be a Date or a real calendar day written YYYY-MM-DD, got ${describe(today)}.`,
    );
  }
  return day;
}

function describe(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : typeof value;
}
