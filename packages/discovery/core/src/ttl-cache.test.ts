import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache.js";

/** A cache on a hand-driven clock, and a loader that counts its calls. */
function setup() {
  let now = 1_000_000;
  const cache = new TtlCache<string, string>(() => now);
  let loads = 0;
  const load = async () => `value-${++loads}`;
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A promise with its resolve function exposed. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader that counts its calls and answers them all with one promise, settled by the test. */
function gatedLoad() {
  const gate = deferred<string>();
  let loads = 0;
  const load = () => {
    loads++;
    return gate.promise;
  };
  return { gate, load, loads: () => loads };
}

describe("TtlCache", () => {
  it("serves a stored value while it is younger than ttlSeconds", async () => {
    const { cache, load, loads, advance } = setup();
    expect(await cache.get("k", load, { ttlSeconds: 60 })).toBe("value-1");
    advance(59_999);
    expect(await cache.get("k", load, { ttlSeconds: 60 })).toBe("value-1");
    expect(loads()).toBe(1);
  });

  it("reloads once the value's age reaches ttlSeconds", async () => {
    const { cache, load, loads, advance } = setup();
    await cache.get("k", load, { ttlSeconds: 60 });
    advance(60_000);
    expect(await cache.get("k", load, { ttlSeconds: 60 })).toBe("value-2");
    expect(loads()).toBe(2);
  });

  it("measures freshness with the ttl of each call", async () => {
    const { cache, load, advance } = setup();
    await cache.get("k", load, { ttlSeconds: 3600 });
    advance(120_000);
    expect(await cache.get("k", load, { ttlSeconds: 3600 })).toBe("value-1");
    expect(await cache.get("k", load, { ttlSeconds: 60 })).toBe("value-2");
  });

  it.each([0, -1, Number.NaN])("always reloads with ttlSeconds %s", async (ttlSeconds) => {
    const { cache, load, loads } = setup();
    await cache.get("k", load, { ttlSeconds: 60 });
    expect(await cache.get("k", load, { ttlSeconds })).toBe("value-2");
    expect(await cache.get("k", load, { ttlSeconds })).toBe("value-3");
    expect(loads()).toBe(3);
  });

  it("keeps keys apart", async () => {
    const { cache, load } = setup();
    expect(await cache.get("a", load, { ttlSeconds: 60 })).toBe("value-1");
    expect(await cache.get("b", load, { ttlSeconds: 60 })).toBe("value-2");
    expect(await cache.get("a", load, { ttlSeconds: 60 })).toBe("value-1");
  });

  it("shares one in-flight load between concurrent callers", async () => {
    const cache = new TtlCache<string, string>();
    const { gate, load, loads } = gatedLoad();
    const callers = Array.from({ length: 10 }, () => cache.get("k", load, { ttlSeconds: 60 }));
    gate.resolve("shared");
    expect(await Promise.all(callers)).toEqual(Array(10).fill("shared"));
    expect(loads()).toBe(1);
  });

  it("shares an in-flight load even with ttlSeconds 0", async () => {
    const cache = new TtlCache<string, string>();
    const { gate, load, loads } = gatedLoad();
    const first = cache.get("k", load, { ttlSeconds: 0 });
    const second = cache.get("k", load, { ttlSeconds: 0 });
    gate.resolve("v");
    expect(await Promise.all([first, second])).toEqual(["v", "v"]);
    expect(loads()).toBe(1);
  });

  it("passes a failed load to every waiting caller, stores nothing and retries next time", async () => {
    const cache = new TtlCache<string, string>();
    const gate = deferred<string>();
    const first = cache.get("k", () => gate.promise, { ttlSeconds: 60 });
    const second = cache.get("k", () => Promise.resolve("unused"), { ttlSeconds: 60 });
    gate.reject(new Error("down"));
    await expect(first).rejects.toThrow("down");
    await expect(second).rejects.toThrow("down");
    expect(await cache.get("k", async () => "recovered", { ttlSeconds: 60 })).toBe("recovered");
  });

  it("does not store a value that shouldStore refuses", async () => {
    const { cache, load, loads } = setup();
    const options = { ttlSeconds: 60, shouldStore: (value: string) => value !== "value-1" };
    expect(await cache.get("k", load, options)).toBe("value-1");
    expect(await cache.get("k", load, options)).toBe("value-2");
    expect(await cache.get("k", load, options)).toBe("value-2");
    expect(loads()).toBe(2);
  });

  it("clear(key) forgets only that key", async () => {
    const { cache, load } = setup();
    await cache.get("a", load, { ttlSeconds: 60 });
    await cache.get("b", load, { ttlSeconds: 60 });
    cache.clear("a");
    expect(await cache.get("a", load, { ttlSeconds: 60 })).toBe("value-3");
    expect(await cache.get("b", load, { ttlSeconds: 60 })).toBe("value-2");
  });

  it("clear() forgets every key", async () => {
    const { cache, load } = setup();
    await cache.get("a", load, { ttlSeconds: 60 });
    await cache.get("b", load, { ttlSeconds: 60 });
    cache.clear();
    expect(await cache.get("a", load, { ttlSeconds: 60 })).toBe("value-3");
    expect(await cache.get("b", load, { ttlSeconds: 60 })).toBe("value-4");
  });

  it.each([
    ["clear(key)", "k"],
    ["clear()", undefined],
  ])(
    "after %s during a load, starts a new load and never stores the old value",
    async (_name, key) => {
      const cache = new TtlCache<string, string>();
      const old = deferred<string>();
      const fresh = deferred<string>();
      const before = cache.get("k", () => old.promise, { ttlSeconds: 60 });
      cache.clear(key);
      const after = cache.get("k", () => fresh.promise, { ttlSeconds: 60 });
      old.resolve("stale");
      expect(await before).toBe("stale");
      // The old load finishing must not end or overwrite the new one.
      const joined = cache.get("k", () => Promise.resolve("third"), { ttlSeconds: 60 });
      fresh.resolve("fresh");
      expect(await after).toBe("fresh");
      expect(await joined).toBe("fresh");
      expect(await cache.get("k", () => Promise.resolve("unused"), { ttlSeconds: 60 })).toBe(
        "fresh",
      );
    },
  );

  it("peek returns a fresh value synchronously and never loads", async () => {
    const { cache, load, loads, advance } = setup();
    expect(cache.peek("k", 60)).toBeUndefined();
    await cache.get("k", load, { ttlSeconds: 60 });
    expect(cache.peek("k", 60)).toBe("value-1");
    expect(cache.peek("k", 0)).toBeUndefined();
    advance(60_000);
    expect(cache.peek("k", 60)).toBeUndefined();
    expect(cache.peek("k", 120)).toBe("value-1");
    expect(loads()).toBe(1);
  });
});
