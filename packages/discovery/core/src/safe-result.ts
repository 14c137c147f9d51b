import type { DiscoveryError } from "./discovery-error.js";

/**
 * Outcome of a `safe*` lookup: `data` is what the never-throw lookup returns
 * (an empty value when it failed), `error` why it failed, or null when it
 * did not. Lets a caller tell "nothing there" from "could not look".
 */
export interface SafeResult<T> {
  data: T;
  error: DiscoveryError | null;
}
