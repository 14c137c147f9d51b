import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./http-error.js";

const MINUTE_MS = 60_000;
/** Keys (tokens and addresses) the limiter remembers at once; the least recent are dropped. */
const TRACKED_KEYS = 100_000;

export interface RateLimitOptions {
  /** Requests per minute per key; 0 turns the limit off. */
  perMinute: number;
  /** Failed authentications per minute per client address; 0 turns the limit off. */
  authFailuresPerMinute: number;
  /** The key of an authenticated request (its token, or its address in open mode). */
  keyOf: (request: FastifyRequest) => string | undefined;
  /** Requests that are never limited (the admin token, unauthenticated public routes). */
  exempt: (request: FastifyRequest) => boolean;
}

const limited = (retryAfterSeconds: number, what: string) =>
  new HttpError({
    code: "rate_limited",
    message: `${what}; retry after ${retryAfterSeconds} s`,
    retryAfterSeconds,
  });

/**
 * Registers `@fastify/rate-limit` (a fixed one-minute window per key, in this process) on
 * every route, and returns the check for failed authentications: called only when a request
 * fails to authenticate, it counts the failure against the client address and answers the
 * 429 to send instead of the 401 once the address is over its limit.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<(request: FastifyRequest) => Promise<HttpError | undefined>> {
  await app.register(rateLimit, {
    global: options.perMinute > 0,
    max: options.perMinute,
    timeWindow: MINUTE_MS,
    hook: "onRequest",
    cache: TRACKED_KEYS,
    keyGenerator: (request) => options.keyOf(request) ?? `ip:${request.ip}`,
    allowList: (request) => options.exempt(request),
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    addHeaders: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
      "retry-after": true,
    },
    errorResponseBuilder: (_request, context) =>
      limited(Math.max(1, Math.ceil(context.ttl / 1000)), "too many requests for this token"),
  });
  if (options.authFailuresPerMinute <= 0) return async () => undefined;
  const failures = app.createRateLimit({
    max: options.authFailuresPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `auth-failure:${request.ip}`,
    allowList: () => false,
  });
  return async (request) => {
    const state = await failures(request);
    if (state.isAllowed || !state.isExceeded) return undefined;
    return limited(
      Math.max(1, state.ttlInSeconds),
      "too many failed authentications from this address",
    );
  };
}
