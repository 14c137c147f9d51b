import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { StorageError } from "./storage-error.js";

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
