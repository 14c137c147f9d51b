import { type DiscoveryLogger, type FetchJsonOptions, resolveLogger } from "@discovery/core";
import * as v from "valibot";

/** Transport options every cost lookup takes. */
export interface CostRequestOptions {
  /** Vendor base address, without a trailing slash needed. Default: the vendor's public API. */
  baseUrl?: string;
  /** Request timeout in milliseconds (per page for paged calls). Default: per call (10000 or 15000). */
  timeout?: number;
  /** The `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * Where failures are reported (they never throw). Default `consoleLogger`
   * (stderr), also used when the value has no `warn` function.
   */
  logger?: DiscoveryLogger;
}

/** Shared option checks; entries of the per-call valibot option schemas. */
export const transportEntries = {
  baseUrl: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => URL.canParse(value)),
    ),
  ),
  timeout: v.optional(v.pipe(v.number(), v.finite(), v.gtValue(0))),
};

/**
 * Names the offending option fields of a failed option check. Only paths, never
 * the issue messages: those quote the received value, which could be a key.
 */
export function invalidFields(issues: readonly v.BaseIssue<unknown>[]): string {
  const paths = new Set(issues.map((issue) => v.getDotPath(issue) ?? "options"));
  return [...paths].join(", ");
}

/** `base` without trailing slashes, then `path` (which starts with `/`). */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

/**
 * The fetchJson options for one call, leaving out what the caller did not set.
 * `key` is redacted from the response, so an echoing vendor cannot put it in
 * a result's raw fields.
 */
export function requestOptions(
  options: CostRequestOptions,
  timeout: number,
  label: string,
  headers: Record<string, string>,
  key: string,
): FetchJsonOptions {
  const request: FetchJsonOptions = { timeout, label, headers, redact: [key] };
  if (options.fetch) request.fetch = options.fetch;
  return request;
}

/** `options` when it is an object, else no options: plain JavaScript callers can pass anything. */
export function costOptionsOf<T extends object>(options: T | null | undefined): Partial<T> {
  return typeof options === "object" && options !== null ? options : {};
}

/**
 * Runs one cost lookup under the never-throw promise: resolves the logger,
 * checks the options against `schema` (an invalid option is logged by name
 * and gives `fallback`), then runs `lookup` with the options as given and as
 * checked. Anything `lookup` throws (nothing is expected to) becomes a warning
 * and `fallback` too.
 */
export async function runCostLookup<
  TOptions extends CostRequestOptions,
  TSchema extends v.GenericSchema,
  TResult,
>(
  options: TOptions | null | undefined,
  schema: TSchema,
  label: string,
  fallback: TResult,
  lookup: (
    options: TOptions,
    logger: DiscoveryLogger,
    valid: v.InferOutput<TSchema>,
  ) => Promise<TResult>,
): Promise<TResult> {
  const given = costOptionsOf(options) as TOptions;
  const logger = resolveLogger(given.logger);
  const returning = `returning ${JSON.stringify(fallback)}`;
  try {
    const checked = v.safeParse(schema, given);
    if (!checked.success) {
      logger.warn(`${label}: invalid option ${invalidFields(checked.issues)}; ${returning}`);
      return fallback;
    }
    return await lookup(given, logger, checked.output);
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    logger.warn(`${label}: unexpected failure (${name}); ${returning}`);
    return fallback;
  }
}
