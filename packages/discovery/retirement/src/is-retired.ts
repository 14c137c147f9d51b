import { getLifecycle } from "./get-lifecycle.js";
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
 * for a `today` that is not a day. A model the registry does not hold is retired when its
 * lifecycle entry says so on `today` (`grok-4-0709` from 2026-05-15). Lookup accepts the same
 * naming variants as `retirementDate`.
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
  // The registry's entries are a contract and answer first (its `deprecated` sentinel is never
  // retired); a model it does not hold is judged by the lifecycle data.
  const stored = retirementDate(provider, modelId, { ...given, lifecycle: false });
  if (stored !== null || given.lifecycle === false) {
    const retiredFrom = parseIsoDate(stored);
    return retiredFrom !== null && today >= retiredFrom;
  }
  const entry = getLifecycle(provider, modelId, { today: dayOf(today) });
  return entry.status === "retired";
}

/** The day `today` names, the current UTC day when absent, or null when it names none. */
function resolveToday(today: unknown): DayNumber | null {
  if (today === undefined || today === null) return utcDayOf(new Date());
  if (today instanceof Date) return utcDayOf(today);
  return parseIsoDate(today);
}

function dayOf(day: DayNumber): string {
  const y = Math.floor(day / 10000);
  const m = Math.floor(day / 100) % 100;
  const d = day % 100;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
