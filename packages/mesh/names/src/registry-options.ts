import { MeshValidationError } from "@mesh/errors";
import { DEFAULT_GATEWAY_URL } from "@mesh/protocol";
import * as v from "valibot";

/** Where warnings go; `console` by default. Messages never contain the token. */
export interface RegistryLogger {
  warn(message: string): void;
}

/** Options of every registry lookup (`validateNodeName`, `isRegistered`, `canonicalNames`). */
export interface RegistryOptions {
  /**
   * Gateway base address. Default: `MESH_GATEWAY_URL`, else `http://localhost:8788`.
   * Trailing `/` removed; the registry is read from `{gatewayUrl}/peers`. Also the cache key.
   */
  gatewayUrl?: string | undefined;
  /**
   * Bearer token. Default: `MESH_GATEWAY_TOKEN`. Trimmed; a blank value falls back to
   * `MESH_GATEWAY_TOKEN`, and when that is blank too no `Authorization` header is sent.
   */
  token?: string | undefined;
  /** How long a fetched registry is used without refetching, in seconds. Default 300; 0 always refetches. */
  ttlSeconds?: number | undefined;
  /** Timeout of `GET /peers` (headers and body), in milliseconds. Default 5000. */
  timeout?: number | undefined;
  /** `fetch` implementation to use. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Receives the warning when a stale cached registry is served. Default: `console`. */
  logger?: RegistryLogger | undefined;
  /** Clock in milliseconds since the epoch, for cache ages. Default: `Date.now`. */
  now?: (() => number) | undefined;
}

/** Options of `validateNodeName`. */
export interface ValidateNodeNameOptions extends RegistryOptions {
  /**
   * Default `true`: an unreachable registry with no usable cache throws
   * `GatewayUnreachableError`. `false`: the registry check is skipped (with a warning)
   * and the alias-resolved name returned.
   */
  strict?: boolean | undefined;
}

/** Options with every default applied. */
export interface ResolvedRegistryOptions {
  /** Cache key and request base, without trailing `/`. */
  gatewayUrl: string;
  token: string | undefined;
  ttlSeconds: number;
  timeout: number;
  fetch: typeof globalThis.fetch;
  logger: RegistryLogger;
  now: () => number;
}

const DEFAULT_TTL_SECONDS = 300;
const DEFAULT_TIMEOUT_MS = 5000;

const OptionsSchema = v.object({
  gatewayUrl: v.optional(v.string("gatewayUrl must be a string")),
  token: v.optional(v.string("token must be a string")),
  ttlSeconds: v.optional(
    v.pipe(
      v.number("ttlSeconds must be a number"),
      v.finite("ttlSeconds must be finite"),
      v.minValue(0, "ttlSeconds must be >= 0"),
    ),
  ),
  timeout: v.optional(
    v.pipe(
      v.number("timeout must be a number"),
      v.finite("timeout must be finite"),
      v.gtValue(0, "timeout must be > 0 (milliseconds)"),
    ),
  ),
  fetch: v.optional(v.function("fetch must be a function")),
  logger: v.optional(
    v.looseObject(
      { warn: v.function("logger.warn must be a function") },
      "logger must be an object",
    ),
  ),
  now: v.optional(v.function("now must be a function")),
  strict: v.optional(v.boolean("strict must be a boolean")),
});

function invalidOptions(detail: string): MeshValidationError {
  return new MeshValidationError(`invalid registry options: ${detail}`, {
    code: "invalid_options",
  });
}

/** Addresses already checked, so the per-call cost stays a map lookup; bounded, as addresses are few. */
const checkedUrls = new Map<string, string | undefined>();
const MAX_CHECKED_URLS = 64;

/** Why the address is unusable, or `undefined` when it is fine. */
function gatewayUrlProblem(gatewayUrl: string): string | undefined {
  if (checkedUrls.has(gatewayUrl)) return checkedUrls.get(gatewayUrl);
  const url = URL.parse(gatewayUrl);
  let problem: string | undefined;
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) {
    problem = "gatewayUrl (or MESH_GATEWAY_URL) must be an absolute http(s) URL";
  } else if (url.username !== "" || url.password !== "") {
    // Credentials in the address would end up in messages and logs (fetch even quotes the URL).
    problem = "gatewayUrl (or MESH_GATEWAY_URL) must not contain user:password; use token";
  }
  if (checkedUrls.size >= MAX_CHECKED_URLS) checkedUrls.clear();
  checkedUrls.set(gatewayUrl, problem);
  return problem;
}

function env(name: string): string | undefined {
  // `process` is absent in browsers; the package then relies on explicit options.
  return globalThis.process?.env?.[name];
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Applies the defaults in one place and checks the option types.
 *
 * @throws {MeshValidationError} (code `invalid_options`) on an option of the wrong type or range.
 */
export function resolveRegistryOptions(
  options: ValidateNodeNameOptions = {},
): ResolvedRegistryOptions {
  const parsed = v.safeParse(OptionsSchema, options);
  if (!parsed.success) {
    // Issue messages are ours (above), so they never echo the token.
    throw invalidOptions(parsed.issues.map((issue) => issue.message).join("; "));
  }
  const gatewayUrl = (
    blankToUndefined(options.gatewayUrl) ??
    blankToUndefined(env("MESH_GATEWAY_URL")) ??
    DEFAULT_GATEWAY_URL
  ).replace(/\/+$/, "");
  const problem = gatewayUrlProblem(gatewayUrl);
  if (problem !== undefined) throw invalidOptions(problem);
  return {
    gatewayUrl,
    token: blankToUndefined(options.token) ?? blankToUndefined(env("MESH_GATEWAY_TOKEN")),
    ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? globalThis.fetch,
    logger: options.logger ?? console,
    now: options.now ?? Date.now,
  };
}
