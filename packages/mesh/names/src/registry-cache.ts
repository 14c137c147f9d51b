import { fetchPeerNames } from "./fetch-peer-names.js";
import { GatewayUnreachableError } from "./gateway-unreachable-error.js";
import type { ResolvedRegistryOptions } from "./registry-options.js";

/** How old a cached registry may be and still be served when the gateway is unreachable. */
const STALE_GRACE_MS = 3600 * 1000;

interface CacheEntry {
  readonly names: ReadonlySet<string>;
  /** Clock reading (ms) when the registry was received. */
  readonly fetchedAt: number;
}

/** Last good registry per gateway URL. Module-wide, so every caller in the process shares it. */
const cache = new Map<string, CacheEntry>();
/** The `GET /peers` under way per gateway URL, shared by concurrent lookups. */
const inFlight = new Map<string, Promise<ReadonlySet<string>>>();
/** Bumped by `clearRegistryCache`, so a request started before the clear does not refill the cache. */
let generation = 0;

function refresh(options: ResolvedRegistryOptions): Promise<ReadonlySet<string>> {
  const key = options.gatewayUrl;
  const pending = inFlight.get(key);
  if (pending !== undefined) return pending;
  const startedIn = generation;
  const promise = fetchPeerNames(options)
    .then((names) => {
      if (startedIn === generation) cache.set(key, { names, fetchedAt: options.now() });
      return names;
    })
    .finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    });
  inFlight.set(key, promise);
  return promise;
}

/**
 * The registry of `options.gatewayUrl`: the cached set while younger than
 * `ttlSeconds`, else a fresh `GET /peers`; when that fails, a cached set up to
 * 3600 s old is served with a warning.
 *
 * Rejects with `GatewayUnreachableError` when the request failed and no cached set is young enough.
 */
export function readRegistry(
  options: ResolvedRegistryOptions,
): ReadonlySet<string> | Promise<ReadonlySet<string>> {
  // A fresh hit is returned synchronously: it is the hot path, and callers can skip an await.
  return freshEntry(options) ?? refreshOrStale(options);
}

/** The cached set when younger than `ttlSeconds`. */
function freshEntry(options: ResolvedRegistryOptions): ReadonlySet<string> | undefined {
  const entry = cache.get(options.gatewayUrl);
  if (entry === undefined) return undefined;
  const age = options.now() - entry.fetchedAt;
  // A negative age (clock moved back) is not trusted as fresh: refetch.
  return age >= 0 && age < options.ttlSeconds * 1000 ? entry.names : undefined;
}

async function refreshOrStale(options: ResolvedRegistryOptions): Promise<ReadonlySet<string>> {
  try {
    return await refresh(options);
  } catch (err) {
    // Read again: a concurrent lookup may have stored a newer set meanwhile.
    const stale = cache.get(options.gatewayUrl);
    const reason = err instanceof Error ? err.message : String(err);
    if (stale !== undefined) {
      const age = options.now() - stale.fetchedAt;
      if (age <= STALE_GRACE_MS) {
        options.logger.warn(
          `@mesh/names: mesh-gateway at ${options.gatewayUrl} unreachable (error: ${reason}); ` +
            `using cached canonical_names from ${Math.max(0, Math.round(age / 1000))} s ago`,
        );
        return stale.names;
      }
    }
    throw new GatewayUnreachableError({ gatewayUrl: options.gatewayUrl, cause: err });
  }
}

/** Empties the registry cache of every gateway; the next lookup fetches `GET /peers` again. */
export function clearRegistryCache(): void {
  cache.clear();
  inFlight.clear();
  generation += 1;
}

/** A miss refetches the registry only when its last fetch is at least this old (ms). */
const MISS_REFETCH_MS = 5000;

/**
 * After a name was not found: a fresh registry when the cached one is at least 5 s old (a peer
 * registered a moment ago is then found), else `undefined` (the cache stands). Rejects like
 * `readRegistry` when the refetch fails.
 */
export function refetchAfterMiss(
  options: ResolvedRegistryOptions,
): Promise<ReadonlySet<string>> | undefined {
  const entry = cache.get(options.gatewayUrl);
  if (entry !== undefined) {
    const age = options.now() - entry.fetchedAt;
    if (age >= 0 && age < MISS_REFETCH_MS) return undefined;
  }
  return refresh(options);
}
