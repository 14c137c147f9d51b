import { MeshValidationError } from "@mesh/errors";
import { type GatewayTransport, resolveGateway } from "@mesh/transport";
import * as v from "valibot";
import type { PeerAliases } from "./resolve-aliases.js";

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
  /**
   * The transport to read the registry through (e.g. a client's own), instead of one made from
   * `gatewayUrl`, `token`, `timeout` and `fetch`; its address is then the cache key, and its
   * timeout applies. The lookup is never retried.
   */
  transport?: GatewayTransport | undefined;
  /** Receives the warning when a stale cached registry is served. Default: `console`. */
  logger?: RegistryLogger | undefined;
  /** Clock in milliseconds since the epoch, for cache ages. Default: `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Alias -> canonical name, for the name being checked. Default: `MESH_ALIASES` when set (empty
   * means none), else `KNOWN_ALIASES`.
   */
  aliases?: PeerAliases | undefined;
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
  transport: GatewayTransport | undefined;
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
  transport: v.optional(
    v.looseObject(
      { request: v.function("transport.request must be a function") },
      "transport must be a GatewayTransport",
    ),
  ),
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
  return new MeshValidationError({
    message: `invalid registry options: ${detail}`,
    code: "invalid_options",
  });
}

/**
 * Applies the defaults in one place and checks the option types; a frozen options object is
 * checked and resolved once.
 *
 * @throws {MeshValidationError} (code `invalid_options`) on an option of the wrong type or range.
 */
export function resolveRegistryOptions(
  options: ValidateNodeNameOptions = {},
): ResolvedRegistryOptions {
  let resolved = resolvedFrozen.get(options);
  if (resolved === undefined) {
    const parsed = v.safeParse(OptionsSchema, options);
    if (!parsed.success) {
      // Issue messages are ours (above), so they never echo the token.
      throw invalidOptions(parsed.issues.map((issue) => issue.message).join("; "));
    }
    const gateway = resolveGateway(options);
    resolved = {
      ...gateway,
      ...(options.transport && { gatewayUrl: options.transport.gatewayUrl }),
      transport: options.transport,
      ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      fetch: options.fetch ?? globalThis.fetch,
      logger: options.logger ?? console,
      now: options.now ?? Date.now,
    };
    if (Object.isFrozen(options)) resolvedFrozen.set(options, resolved);
  }
  // The global fetch is taken at each call: a test or an app may replace it.
  return options.fetch === undefined ? { ...resolved, fetch: globalThis.fetch } : resolved;
}

/**
 * Frozen option objects, checked and resolved once (their environment fallbacks read then): a
 * client passes the same frozen object on every send, where the check cost more than the rest.
 */
const resolvedFrozen = new WeakMap<object, ResolvedRegistryOptions>();
