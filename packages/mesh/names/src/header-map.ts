/** What a header list may be built from: pairs, a record, or another list of pairs. */
export type HeaderInit = Iterable<readonly [string, string]> | Record<string, string>;

/**
 * HTTP headers by lower-cased name, with the `get`/`set`/`has` of the WHATWG `Headers`
 * that ofetch calls. Iterating yields `[name, value]` pairs, which every `fetch` accepts as
 * request headers.
 *
 * Why not `Headers` itself: in Node, the first touch of `globalThis.Headers` loads the whole
 * undici bundle (~40 ms, more than starting Node), which a one-shot command would pay before
 * its first request even when its `fetch` is not undici's.
 */
export class HeaderMap implements Iterable<[string, string]> {
  readonly #values = new Map<string, string>();

  constructor(init?: HeaderInit | null) {
    if (init === undefined || init === null) return;
    const pairs = Symbol.iterator in init ? init : Object.entries(init);
    for (const [name, value] of pairs as Iterable<readonly [string, string]>) this.set(name, value);
  }

  set(name: string, value: string): void {
    this.#values.set(name.toLowerCase(), String(value));
  }

  /** The value, or `null` (as `Headers.get` answers) when absent. */
  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.#values.entries();
  }
}
