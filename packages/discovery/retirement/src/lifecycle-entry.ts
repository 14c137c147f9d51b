import type { ProviderName } from "@discovery/normalize";

/** Where a model stands: served, deprecated (served, shutdown announced), retired (requests fail). */
export type LifecycleStatus = "active" | "deprecated" | "retired";

/** The platform an entry's dates apply to. */
export type LifecycleScope = "first-party" | "bedrock" | "vertex" | "azure" | "openrouter";

/** Every scope, first-party first. */
export const LIFECYCLE_SCOPES: readonly LifecycleScope[] = Object.freeze([
  "first-party",
  "bedrock",
  "vertex",
  "azure",
  "openrouter",
]);

/** One entry of `lifecycle.json`: a model's deprecation or retirement on one platform. */
export interface LifecycleEntry {
  /** The model's vendor (adapter name). */
  readonly provider: ProviderName;
  /** The model id as the platform writes it, e.g. `claude-3-opus-20240229`, `grok-4-0709`. */
  readonly model: string;
  /**
   * As of `verifiedAt` in the file; lookups return it as of the day asked about: an entry whose
   * `shutdownAt` has come is `retired`, one whose `shutdownAt` is still ahead is not.
   */
  readonly status: LifecycleStatus;
  /** The day (`YYYY-MM-DD`) the deprecation was announced, when the source gives it. */
  readonly announcedAt?: string;
  /** The first UTC day (`YYYY-MM-DD`) the model is no longer served, when the source gives it. */
  readonly shutdownAt?: string;
  /** The model the source recommends instead. */
  readonly replacement?: string;
  /** Other ids the platform serves the same model under, e.g. `grok-4` for `grok-4-0709`. */
  readonly aliases?: readonly string[];
  /** The platform the dates apply to. */
  readonly scope: LifecycleScope;
  /** URL of the page the facts come from (the vendor's page, or an open dataset's). */
  readonly source: string;
  /** The day (`YYYY-MM-DD`) the source was read. */
  readonly verifiedAt: string;
}

/** What `getLifecycle` answers for a model the registry does not know: never "not retired". */
export interface UnknownLifecycle {
  readonly provider: string;
  readonly model: string;
  readonly status: "unknown";
}
