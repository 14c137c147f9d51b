interface Entry<V> {
  value: V;
  storedAt: number;
}

/** Options of {@link TtlCache.get}. */
export interface TtlCacheGetOptions<V> {
  /** Lifetime of a stored value in seconds; 0 always reloads. */
  ttlSeconds: number;
  /** Whether a loaded value may be stored (e.g. not an empty result of a failed fetch). Default: always. */
  shouldStore?: (value: V) => boolean;
}

/**
 * A keyed cache whose entries expire after `ttlSeconds`, where concurrent
 * callers of one key share a single in-flight load.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #inFlight = new Map<K, Promise<V>>();
  readonly #now: () => number;

  /** @param now clock in milliseconds, replaceable in tests. Default `Date.now`. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /**
   * The stored value for `key` when it is younger than `ttlSeconds`, else
   * undefined; synchronous and never loads (a fast path for hot lookups).
   */
  peek(key: K, ttlSeconds: number): V | undefined {
    return this.#fresh(key, ttlSeconds)?.value;
  }

  /** The fresh value for `key`, else the result of one shared call of `load`. */
  async get(key: K, load: () => Promise<V>, options: TtlCacheGetOptions<V>): Promise<V> {
    const entry = this.#fresh(key, options.ttlSeconds);
    if (entry) return entry.value;
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const loading: Promise<V> = load().then(
      (value) => {
        // A clear() during the load drops it from #inFlight: its value is then
        // older than the invalidation and must not be stored.
        if (this.#inFlight.get(key) === loading) {
          this.#inFlight.delete(key);
          if (options.shouldStore?.(value) ?? true) {
            this.#entries.set(key, { value, storedAt: this.#now() });
          }
        }
        return value;
      },
      (error: unknown) => {
        if (this.#inFlight.get(key) === loading) this.#inFlight.delete(key);
        throw error;
      },
    );
    this.#inFlight.set(key, loading);
    return loading;
  }

  /**
   * Forgets one key, or every key when none is given. A load still running for
   * a forgotten key finishes for its callers but is not stored, and the next
   * `get` starts a new load.
   */
  clear(key?: K): void {
    if (key === undefined) {
      this.#entries.clear();
      this.#inFlight.clear();
    } else {
      this.#entries.delete(key);
      this.#inFlight.delete(key);
    }
  }

  #fresh(key: K, ttlSeconds: number): Entry<V> | undefined {
    const entry = this.#entries.get(key);
    if (entry && ttlSeconds > 0 && this.#now() - entry.storedAt < ttlSeconds * 1000) return entry;
    return undefined;
  }
}
