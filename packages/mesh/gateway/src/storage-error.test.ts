import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { StorageError, withStorageErrors } from "./storage-error.js";

/** A second copy of this module, as a second install of the package would load it. */
async function importCopy(): Promise<typeof import("./storage-error.js")> {
  const specifier = "./storage-error.js?copy";
  return import(/* @vite-ignore */ specifier);
}

describe("StorageError", () => {
  it("takes its code, message and cause from one options object", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const error = new StorageError({
      code: "unavailable",
      message: "the database is unavailable; retry later",
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("StorageError");
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe("the database is unavailable; retry later");
    expect(error.cause).toBe(cause);
    expect("cause" in new StorageError({ code: "driver_missing", message: "x" })).toBe(false);
  });

  it("recognises its instances, and those of another copy of the package, by the brand", async () => {
    const copy = await importCopy();
    expect(copy.StorageError).not.toBe(StorageError);
    const foreign = new copy.StorageError({ code: "database_in_use", message: "x" });
    expect(foreign).toBeInstanceOf(StorageError);
    expect(StorageError.isInstance(foreign)).toBe(true);
    const own = new StorageError({ code: "database_in_use", message: "x" });
    expect(copy.StorageError.isInstance(own)).toBe(true);
  });

  it("recognises an error made in another realm", () => {
    const other = runInNewContext(
      'Object.assign(new Error("x"), { [Symbol.for("@mesh/gateway/StorageError")]: true })',
    ) as unknown;
    expect(other).not.toBeInstanceOf(Error);
    expect(other).toBeInstanceOf(StorageError);
    expect(StorageError.isInstance(other)).toBe(true);
  });

  it("keeps the prototype check for a subclass of a caller", () => {
    class CallerError extends StorageError {}
    expect(new CallerError({ code: "database_in_use", message: "x" })).toBeInstanceOf(CallerError);
    expect(new CallerError({ code: "database_in_use", message: "x" })).toBeInstanceOf(StorageError);
    expect(new StorageError({ code: "database_in_use", message: "x" })).not.toBeInstanceOf(
      CallerError,
    );
  });

  it.each([
    ["a plain error", new Error("x")],
    ["a driver error with a code", Object.assign(new Error("x"), { code: "unavailable" })],
    ["a false brand", { [Symbol.for("@mesh/gateway/StorageError")]: 1 }],
    ["undefined", undefined],
  ])("does not take %s for one", (_, value) => {
    expect(StorageError.isInstance(value)).toBe(false);
    expect(value).not.toBeInstanceOf(StorageError);
  });
});

const down = Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" });
const isDown = (error: unknown) => (error as { code?: unknown })?.code === "ECONNREFUSED";

class Backend {
  readonly backend = "test";
  #listeners = 0;
  async fails(): Promise<void> {
    throw down;
  }
  failsAtOnce(): Promise<void> {
    throw down;
  }
  async refuses(): Promise<void> {
    throw new TypeError("bad input");
  }
  async count(): Promise<number> {
    return this.#listeners;
  }
  onMessage(): () => void {
    this.#listeners++;
    return () => {};
  }
}

const literal = {
  backend: "test",
  async fails(): Promise<void> {
    throw down;
  },
  failsAtOnce(): Promise<void> {
    throw down;
  },
  async refuses(): Promise<void> {
    throw new TypeError("bad input");
  },
};

describe("withStorageErrors", () => {
  it.each([
    ["a class instance", new Backend()],
    ["an object literal", literal],
  ])("raises a driver's connection errors of %s as StorageError unavailable", async (_, target) => {
    const storage = withStorageErrors(target, isDown);
    for (const call of [() => storage.fails(), () => storage.failsAtOnce()]) {
      // A method that throws at once throws the StorageError at once; an async one rejects with it.
      const error = await Promise.resolve()
        .then(call)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageError);
      expect(error).toMatchObject({ code: "unavailable", cause: down });
    }
    await expect(storage.refuses()).rejects.toThrow(TypeError);
    expect(storage.backend).toBe("test");
  });

  it("keeps a class instance's private state reachable from every method", async () => {
    const storage = withStorageErrors(new Backend(), isDown);
    const { onMessage } = storage;
    onMessage();
    expect(await storage.count()).toBe(1);
  });
});
