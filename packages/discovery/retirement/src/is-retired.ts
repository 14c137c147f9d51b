import { type DayNumber, parseIsoDate, utcDayOf } from "./parse-iso-date.js";
import { type RetirementDateOptions, retirementDate } from "./retirement-date.js";

/** Options of `isRetired`. */
export interface IsRetiredOptions extends RetirementDateOptions {
  /**
   * The day to judge on. A `Date` counts as its UTC calendar day; a string must be a real
   * `YYYY-MM-DD` day. Default (also for `null`): the current UTC date. An invalid `Date`, a
   * malformed string or another type names no day, so nothing is retired on it: `isRetired`
   * gives false (it never throws).
   */
  readonly today?: Date | string | null;
}

/**
 * True only when the model is registered with a valid ISO date and `today` is on or after it
 * (`grok/grok-4` is live on 2026-05-14 and retired from 2026-05-15). False for an unregistered
 * model, for the sentinel `deprecated`, for a stored value that is not a real calendar date and
 * for a `today` that is not a day. Lookup accepts the same naming variants as `retirementDate`.
 * Never throws, whatever the arguments.
 */
export function isRetired(
  provider: string,
  modelId: string,
  options?: IsRetiredOptions | null,
): boolean {
  const given: IsRetiredOptions = typeof options === "object" && options !== null ? options : {};
  const today = resolveToday(given.today);
  if (today === null) return false;
  const retiredFrom = parseIsoDate(retirementDate(provider, modelId, given));
  return retiredFrom !== null && today >= retiredFrom;
}

/** The day `today` names, the current UTC day when absent, or null when it names none. */
function resolveToday(today: unknown): DayNumber | null {
  if (today === undefined || today === null) return utcDayOf(new Date());
  if (today instanceof Date) return utcDayOf(today);
  return parseIsoDate(today);
}
