import data from "./lifecycle.json" with { type: "json" };
import type { LifecycleEntry } from "./lifecycle-entry.js";

/**
 * Every entry of `lifecycle.json`, frozen. Trusted without a runtime parse: it is this package's
 * own data, and a test validates it against `lifecycle.schema.json`.
 */
export const LIFECYCLE: readonly LifecycleEntry[] = Object.freeze(
  (data as unknown as LifecycleEntry[]).map((entry) => {
    if (entry.aliases !== undefined) Object.freeze(entry.aliases);
    return Object.freeze(entry);
  }),
);
