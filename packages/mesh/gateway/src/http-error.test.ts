import { runInNewContext } from "node:vm";
import { ERROR_CODES, ERROR_TABLE } from "@mesh/protocol";
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error.js";

/** A second copy of this module, as a second install of the package would load it. */
async function importCopy(): Promise<typeof import("./http-error.js")> {
  const specifier = "./http-error.js?copy";
  return import(/* @vite-ignore */ specifier);
}

describe("HttpError", () => {
  it("takes every part of the reply from one options object", () => {
    const cause = new Error("driver");
    const error = new HttpError({
      code: "rate_limited",
      message: "too many requests; retry after 3 s",
      status: 429,
      retryAfterSeconds: 3,
      details: { scope: "token" },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("HttpError");
    expect(error.code).toBe("rate_limited");
    expect(error.message).toBe("too many requests; retry after 3 s");
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(3);
    expect(error.details).toEqual({ scope: "token" });
    expect(error.cause).toBe(cause);
  });

  it.each(ERROR_CODES)("answers %s with the status of the error table by default", (code) => {
    const error = new HttpError({ code, message: "x" });
    expect(error.status).toBe(ERROR_TABLE[code].status);
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.details).toBeUndefined();
    expect("cause" in error).toBe(false);
  });

  it("keeps a status given explicitly", () => {
    expect(new HttpError({ code: "invalid_body", message: "x", status: 422 }).status).toBe(422);
  });

  it("recognises its instances, and those of another copy of the package, by the brand", async () => {
    const copy = await importCopy();
    expect(copy.HttpError).not.toBe(HttpError);
    const foreign = new copy.HttpError({ code: "not_found", message: "x" });
    expect(foreign).toBeInstanceOf(HttpError);
    expect(HttpError.isInstance(foreign)).toBe(true);
    expect(copy.HttpError.isInstance(new HttpError({ code: "not_found", message: "x" }))).toBe(
      true,
    );
  });

  it("recognises an error made in another realm", () => {
    const other = runInNewContext(
      'Object.assign(new Error("x"), { [Symbol.for("@mesh/gateway/HttpError")]: true })',
    ) as unknown;
    expect(other).not.toBeInstanceOf(Error);
    expect(other).toBeInstanceOf(HttpError);
    expect(HttpError.isInstance(other)).toBe(true);
  });

  it("keeps the prototype check for a subclass of a caller", () => {
    class CallerError extends HttpError {}
    expect(new CallerError({ code: "not_found", message: "x" })).toBeInstanceOf(CallerError);
    expect(new CallerError({ code: "not_found", message: "x" })).toBeInstanceOf(HttpError);
    expect(new HttpError({ code: "not_found", message: "x" })).not.toBeInstanceOf(CallerError);
  });

  it.each([
    ["a plain error", new Error("x")],
    ["an error with the same fields", Object.assign(new Error("x"), { status: 404, code: "x" })],
    ["a false brand", { [Symbol.for("@mesh/gateway/HttpError")]: "true" }],
    ["null", null],
  ])("does not take %s for one", (_, value) => {
    expect(HttpError.isInstance(value)).toBe(false);
    expect(value).not.toBeInstanceOf(HttpError);
  });
});
