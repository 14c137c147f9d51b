import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { DiscoveryError } from "./discovery-error.js";

/** A second copy of this module, as a second install of the package would load it. */
async function importCopy(): Promise<typeof import("./discovery-error.js")> {
  const specifier = "./discovery-error.js?copy";
  return import(/* @vite-ignore */ specifier);
}

describe("DiscoveryError", () => {
  it("carries its code, status, cause and name", () => {
    const cause = new Error("socket hang up");
    const error = new DiscoveryError({
      code: "http_error",
      message: "OpenAI costs: HTTP 500",
      cause,
      status: 500,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DiscoveryError");
    expect(error.code).toBe("http_error");
    expect(error.status).toBe(500);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe("OpenAI costs: HTTP 500");
  });

  it("has no status or cause when none is given", () => {
    const error = new DiscoveryError({ code: "missing_credential", message: "no key" });
    expect(error.status).toBeUndefined();
    expect("cause" in error).toBe(false);
  });

  it("recognises its instances, and those of another copy of the package, by the brand", async () => {
    const copy = await importCopy();
    expect(copy.DiscoveryError).not.toBe(DiscoveryError);
    const foreign = new copy.DiscoveryError({ code: "timeout", message: "x" });
    expect(foreign).toBeInstanceOf(DiscoveryError);
    expect(DiscoveryError.isInstance(foreign)).toBe(true);
    const own = new DiscoveryError({ code: "timeout", message: "x" });
    expect(copy.DiscoveryError.isInstance(own)).toBe(true);
  });

  it("recognises an error made in another realm", () => {
    const other = runInNewContext(
      'Object.assign(new Error("x"), { [Symbol.for("@discovery/core/DiscoveryError")]: true })',
    ) as unknown;
    expect(other).not.toBeInstanceOf(Error);
    expect(other).toBeInstanceOf(DiscoveryError);
    expect(DiscoveryError.isInstance(other)).toBe(true);
  });

  it("keeps the prototype check for a subclass of a caller", () => {
    class CallerError extends DiscoveryError {}
    expect(new CallerError({ code: "timeout", message: "x" })).toBeInstanceOf(CallerError);
    expect(new CallerError({ code: "timeout", message: "x" })).toBeInstanceOf(DiscoveryError);
    expect(new DiscoveryError({ code: "timeout", message: "x" })).not.toBeInstanceOf(CallerError);
  });

  it.each([
    ["a plain error", new Error("x")],
    ["an error with the same fields", Object.assign(new Error("x"), { code: "timeout" })],
    ["a false brand", { [Symbol.for("@discovery/core/DiscoveryError")]: 1 }],
    ["undefined", undefined],
    ["a number", 42],
  ])("does not take %s for one", (_, value) => {
    expect(DiscoveryError.isInstance(value)).toBe(false);
    expect(value).not.toBeInstanceOf(DiscoveryError);
  });
});
