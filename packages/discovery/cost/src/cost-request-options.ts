import {
  DiscoveryError,
  type DiscoveryLogger,
  type FetchJsonOptions,
  resolveLogger,
  type SafeResult,
} from "@discovery/core";
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

/** The vendor-specific part of a cost lookup: runs with the options as given and as checked. */
type CostLookup<TOptions, TSchema extends v.GenericSchema, TResult> = (
  options: TOptions,
  logger: DiscoveryLogger,
  valid: v.InferOutput<TSchema>,
) => Promise<SafeResult<TResult>>;

/**
 * Runs one cost lookup under the never-throw promise: resolves the logger,
 * checks the options against `schema` (an invalid option gives `fallback`
 * and an `invalid_argument` error naming the field), then runs `lookup` with
 * the options as given and as checked. Anything `lookup` throws (nothing is
 * expected to) becomes an error and `fallback` too. Every error is logged
 * once, with what the caller gets instead.
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
  lookup: CostLookup<TOptions, TSchema, TResult>,
): Promise<SafeResult<TResult>> {
  const given = costOptionsOf(options) as TOptions;
  const logger = resolveLogger(given.logger);
  const result = await guarded(given, logger, schema, label, fallback, lookup);
  if (result.error !== null)
    logger.warn(`${result.error.message}; ${outcome(result.data, fallback)}`);
  return result;
}

async function guarded<
  TOptions extends CostRequestOptions,
  TSchema extends v.GenericSchema,
  TResult,
>(
  given: TOptions,
  logger: DiscoveryLogger,
  schema: TSchema,
  label: string,
  fallback: TResult,
  lookup: CostLookup<TOptions, TSchema, TResult>,
): Promise<SafeResult<TResult>> {
  try {
    const checked = v.safeParse(schema, given);
    if (!checked.success) {
      const fields = invalidFields(checked.issues);
      return failed(fallback, "invalid_argument", `${label}: invalid option ${fields}`);
    }
    return await lookup(given, logger, checked.output);
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    return failed(fallback, "invalid_request", `${label}: unexpected failure (${name})`, error);
  }
}

/** A failed lookup's result: `data` is what the caller gets instead. */
export function failed<T>(
  data: T,
  code: DiscoveryError["code"],
  message: string,
  cause?: unknown,
): SafeResult<T> {
  return {
    data,
    error: new DiscoveryError({ code, message, ...(cause === undefined ? {} : { cause }) }),
  };
}

function outcome(data: unknown, fallback: unknown): string {
  if (Array.isArray(data) && data.length > 0) {
    return `keeping the ${data.length} buckets gathered so far`;
  }
  return `returning ${JSON.stringify(fallback)}`;
}
