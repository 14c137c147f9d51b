import * as v from "valibot";
import { DiscoveryError } from "./discovery-error.js";

/** Options of {@link fetchJson}. */
export interface FetchJsonOptions {
  /** HTTP method. Default `GET`. */
  method?: string;
  /** Request headers. Default none. */
  headers?: Record<string, string>;
  /** JSON-serialisable request body; sets `Content-Type: application/json`. Default none. */
  body?: unknown;
  /**
   * Request timeout in milliseconds, covering the whole exchange (headers and
   * body). Default 10000. Fractions round up, negative values act as 0,
   * `Infinity` disables the timeout, and NaN or a non-number gives the default.
   */
  timeout?: number;
  /** The `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /** Aborts the request early. */
  signal?: AbortSignal;
  /** Name of the call for error messages, e.g. `DeepSeek balance`. Default: the URL's host and path. */
  label?: string;
  /**
   * Secrets (the keys sent with the request) to keep out of the parsed body:
   * every occurrence in the response text becomes `[REDACTED]` before parsing,
   * so a vendor echoing a key cannot leak it into `raw` fields of a result.
   * Values that are not strings or are shorter than 8 characters are ignored
   * (too likely to match ordinary text). Default none.
   */
  redact?: readonly (string | undefined)[];
  /**
   * valibot schema of the expected body. When given, the parsed body is
   * checked against it and `data` is the schema's output; a body of another
   * shape gives an `invalid_shape` error naming the offending paths (never the
   * values, which could echo a key). An object schema refuses a JSON array.
   * Default none: `data` is the parsed JSON as is.
   */
  schema?: v.GenericSchema;
}

/** Outcome of {@link fetchJson}: the parsed body, or the reason there is none. */
export type FetchJsonResult<T = unknown> =
  | { ok: true; status: number; data: T }
  | { ok: false; error: DiscoveryError };

const DEFAULT_TIMEOUT_MS = 10_000;
const REDACTED = "[REDACTED]";
const MIN_REDACT_LENGTH = 8;
/** Largest delay Node timers honour (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Requests a URL and parses its JSON body, never throwing: network failures,
 * timeouts, HTTP statuses >= 400 and malformed JSON all come back as
 * `{ ok: false, error }`. Error messages carry the label or the host and path,
 * never the query string (the Cloud Billing key travels there) or headers.
 */
export async function fetchJson<TSchema extends v.GenericSchema>(
  url: string,
  options: FetchJsonOptions & { schema: TSchema },
): Promise<FetchJsonResult<v.InferOutput<TSchema>>>;
export async function fetchJson(url: string, options?: FetchJsonOptions): Promise<FetchJsonResult>;
export async function fetchJson(
  url: string,
  options: FetchJsonOptions = {},
): Promise<FetchJsonResult> {
  const label = options.label ?? describeUrl(url);
  const timeout = resolveTimeout(options.timeout);
  // AbortSignal.timeout throws on fractional, negative or huge delays, so only a
  // resolved finite delay reaches it; Infinity means no timeout at all.
  const timeoutSignal = Number.isFinite(timeout) ? AbortSignal.timeout(timeout) : undefined;
  const signals = [options.signal, timeoutSignal].filter((s) => s !== undefined);
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  const init: RequestInit = { method: options.method ?? "GET", headers };
  if (signals.length > 0)
    init.signal = signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    try {
      init.body = JSON.stringify(options.body);
    } catch (cause) {
      return fail("invalid_request", `${label}: request body cannot be serialised as JSON`, cause);
    }
  }
  const doFetch = options.fetch ?? globalThis.fetch;
  let text: string;
  let status: number;
  try {
    const response = await doFetch(url, init);
    status = response.status;
    text = await response.text();
  } catch (cause) {
    if (timeoutSignal?.aborted) {
      return fail("timeout", `${label}: no answer within ${timeout} ms`, cause);
    }
    return fail("network_error", `${label}: request failed: ${errorSummary(cause)}`, cause);
  }
  if (status >= 400) {
    return fail("http_error", `${label}: HTTP ${status}`, undefined, status);
  }
  text = redactSecrets(text, options.redact);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    return fail("invalid_json", `${label}: response is not JSON (HTTP ${status})`, cause, status);
  }
  return options.schema === undefined
    ? { ok: true, status, data }
    : checkShape(options.schema, data, label, status);
}

const OBJECT_SCHEMAS = new Set(["object", "loose_object", "strict_object", "object_with_rest"]);

function checkShape(
  schema: v.GenericSchema,
  data: unknown,
  label: string,
  status: number,
): FetchJsonResult {
  // valibot's object schemas accept arrays; a body expected as an object never is one.
  if (Array.isArray(data) && OBJECT_SCHEMAS.has(schema.type)) {
    return fail(
      "invalid_shape",
      `${label}: unexpected response shape at top level`,
      undefined,
      status,
    );
  }
  const parsed = v.safeParse(schema, data);
  if (parsed.success) return { ok: true, status, data: parsed.output };
  return fail(
    "invalid_shape",
    `${label}: unexpected response shape at ${issuePaths(parsed.issues)}`,
    undefined,
    status,
  );
}

/** The paths of the issues, never their messages: those quote the received value. */
function issuePaths(issues: readonly v.BaseIssue<unknown>[]): string {
  const paths = new Set(issues.map((issue) => v.getDotPath(issue) ?? "top level"));
  return [...paths].slice(0, 5).join(", ");
}

/**
 * A delay `AbortSignal.timeout` accepts: whole milliseconds within the timer
 * range. A missing or non-numeric value gives the default, a negative one 0,
 * and Infinity stays Infinity (no timeout).
 */
function resolveTimeout(timeout: number | undefined): number {
  if (typeof timeout !== "number" || Number.isNaN(timeout)) return DEFAULT_TIMEOUT_MS;
  if (timeout === Number.POSITIVE_INFINITY) return timeout;
  return Math.min(Math.max(Math.ceil(timeout), 0), MAX_TIMER_MS);
}

function redactSecrets(text: string, secrets: FetchJsonOptions["redact"]): string {
  if (!Array.isArray(secrets)) return text;
  let redacted = text;
  for (const secret of secrets) {
    if (typeof secret === "string" && secret.length >= MIN_REDACT_LENGTH) {
      redacted = redacted.replaceAll(secret, REDACTED);
    }
  }
  return redacted;
}

function fail(
  code: DiscoveryError["code"],
  message: string,
  cause: unknown,
  status?: number,
): FetchJsonResult {
  return { ok: false, error: new DiscoveryError({ code, message, cause, status }) };
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "request";
  }
}

// What a socket error code means, in the words a person would look for.
const NETWORK_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused: nothing listens at that address",
  ENOTFOUND: "host not found: check the address, or DNS",
  EAI_AGAIN: "host not found for now: DNS did not answer",
  ECONNRESET: "connection reset by the server",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable: check the network",
  ENETUNREACH: "network unreachable: check the network",
  UND_ERR_SOCKET: "the server closed the connection",
};

/**
 * Why a request could not be made: `cannot reach the server (ECONNREFUSED: connection refused…)`,
 * from the socket error under fetch's `TypeError: fetch failed` (also inside an AggregateError,
 * as when every address of a host refuses). Never the URL's query or a header.
 */
function errorSummary(cause: unknown): string {
  if (!(cause instanceof Error)) return "unknown error";
  const code = socketCode(cause.cause) ?? socketCode(cause);
  if (code === undefined) {
    const inner = cause.cause instanceof Error ? cause.cause.message : "";
    return `cannot reach the server (${inner === "" ? `${cause.name}: ${cause.message}` : inner})`;
  }
  const meaning = NETWORK_CODES[code];
  return `cannot reach the server (${code}${meaning === undefined ? "" : `: ${meaning}`})`;
}

function socketCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === "string") return code;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = socketCode(inner);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
