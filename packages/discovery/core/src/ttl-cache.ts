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

  /** The fresh value for `key`, else the result of one shared call of `load`. */
  async get(key: K, load: () => Promise<V>, options: TtlCacheGetOptions<V>): Promise<V> {
    const entry = this.#entries.get(key);
    if (
      entry &&
      options.ttlSeconds > 0 &&
      this.#now() - entry.storedAt < options.ttlSeconds * 1000
    ) {
      return entry.value;
    }
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const loading = load().then(
      (value) => {
        this.#inFlight.delete(key);
        if (options.shouldStore?.(value) ?? true) {
          this.#entries.set(key, { value, storedAt: this.#now() });
        }
        return value;
      },
      (error: unknown) => {
        this.#inFlight.delete(key);
        throw error;
      },
    );
    this.#inFlight.set(key, loading);
    return loading;
  }

  /** Forgets one key, or every key when none is given. */
  clear(key?: K): void {
    if (key === undefined) {
      this.#entries.clear();
    } else {
      this.#entries.delete(key);
    }
  }
}
