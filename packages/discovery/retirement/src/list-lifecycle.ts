import { findProvider } from "@discovery/normalize";
import { statusOn } from "./get-lifecycle.js";
import { LIFECYCLE } from "./lifecycle-data.js";
import type { LifecycleEntry, LifecycleScope, LifecycleStatus } from "./lifecycle-entry.js";
import { dayString } from "./today.js";

/** Options of `listLifecycle`; every field narrows the list, none is required. */
export interface ListLifecycleOptions {
  /** Only this vendor's entries: an adapter or second name. An unknown name gives `[]`. */
  readonly provider?: string;
  /** Only entries with this status on `today`. */
  readonly status?: LifecycleStatus;
  /**
   * Only entries whose `shutdownAt` falls from `today` (included) to `today` + this many days
   * (included): what retires soon. A whole number of days >= 0.
   */
  readonly upcomingWithinDays?: number;
  /** Only entries of this platform. Default: every platform. */
  readonly scope?: LifecycleScope;
  /** The day statuses and windows are judged on: a `Date` (UTC day) or `YYYY-MM-DD`. Default: today (UTC). */
  readonly today?: Date | string;
}

/**
 * The entries of `lifecycle.json` (file order: by vendor) that pass every filter, each with its
 * status on `today`; with `upcomingWithinDays`, sorted by `shutdownAt`. Never throws: a filter of
 * the wrong type matches nothing.
 */
export function listLifecycle(options: ListLifecycleOptions = {}): LifecycleEntry[] {
  const given = typeof options === "object" && options !== null ? options : {};
  const today = dayString(given.today);
  if (today === null) return [];
  const provider =
    given.provider === undefined ? undefined : (findProvider(String(given.provider))?.name ?? null);
  if (provider === null) return [];
  const until = windowEnd(today, given.upcomingWithinDays);
  if (until === null) return [];
  const out: LifecycleEntry[] = [];
  for (const entry of LIFECYCLE) {
    if (provider !== undefined && entry.provider !== provider) continue;
    if (given.scope !== undefined && entry.scope !== given.scope) continue;
    if (until !== undefined) {
      const at = entry.shutdownAt;
      if (at === undefined || at < today || at > until) continue;
    }
    const status = statusOn(entry, today);
    if (given.status !== undefined && status !== given.status) continue;
    out.push(status === entry.status ? entry : Object.freeze({ ...entry, status }));
  }
  if (until !== undefined)
    out.sort((a, b) => (a.shutdownAt ?? "").localeCompare(b.shutdownAt ?? ""));
  return out;
}

/** `today` + `days` as `YYYY-MM-DD`; undefined without a window, null for a bad one. */
function windowEnd(today: string, days: unknown): string | null | undefined {
  if (days === undefined) return undefined;
  if (typeof days !== "number" || !Number.isSafeInteger(days) || days < 0) return null;
  const end = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000);
  return Number.isNaN(end.getTime()) ? null : end.toISOString().slice(0, 10);
}
