import { describe, expect, it } from "vitest";
import {
  MESH_ERROR_BRAND,
  MeshAuthError,
  MeshError,
  MeshGatewayError,
  MeshValidationError,
} from "./index.js";

const where = { method: "GET", path: "/peers" };

describe("MeshError", () => {
  it("is the base of every subclass", () => {
    const errors = [
      new MeshValidationError({ message: "bad kind" }),
      new MeshGatewayError({ message: "down", ...where }),
      new MeshAuthError({ message: "no token", ...where, status: 401 }),
    ];
    for (const err of errors) {
      expect(err).toBeInstanceOf(MeshError);
      expect(err).toBeInstanceOf(Error);
      expect(MeshError.isInstance(err)).toBe(true);
    }
  });

  it("recognises a branded error from a package that does not import it", () => {
    class ForeignError extends Error {
      readonly [MESH_ERROR_BRAND] = true;
    }
    expect(new ForeignError("x")).toBeInstanceOf(MeshError);
    expect(MeshError.isInstance(new ForeignError("x"))).toBe(true);
    expect(new Error("x")).not.toBeInstanceOf(MeshError);
    expect(null).not.toBeInstanceOf(MeshError);
    expect(MeshGatewayError.isInstance(new ForeignError("x"))).toBe(false);
  });

  it("recognises each class of another copy of the package by its registered brand", () => {
    const foreign = Object.assign(new Error("x"), {
      [MESH_ERROR_BRAND]: true,
      [Symbol.for("@mesh/error/MeshGatewayError")]: true,
    });
    expect(MeshGatewayError.isInstance(foreign)).toBe(true);
    expect(foreign).toBeInstanceOf(MeshGatewayError);
    expect(MeshAuthError.isInstance(foreign)).toBe(false);
  });

  it("keeps subclass checks strict", () => {
    const gateway = new MeshGatewayError({ message: "down", ...where, status: 502 });
    expect(gateway).not.toBeInstanceOf(MeshAuthError);
    expect(MeshAuthError.isInstance(gateway)).toBe(false);
    const auth = new MeshAuthError({ message: "no", method: "GET", path: "/", status: 403 });
    expect(auth).toBeInstanceOf(MeshGatewayError);
    expect(MeshGatewayError.isInstance(auth)).toBe(true);
    expect(new MeshValidationError({ message: "x" })).not.toBeInstanceOf(MeshGatewayError);
  });

  it("falls back to the prototype chain for a subclass without a brand of its own", () => {
    class CallerError extends MeshValidationError {}
    expect(new CallerError({ message: "x" })).toBeInstanceOf(CallerError);
    expect(new MeshValidationError({ message: "x" })).not.toBeInstanceOf(CallerError);
    expect(new CallerError({ message: "x" })).toBeInstanceOf(MeshValidationError);
  });

  it("carries code, cause, name and request details", () => {
    const cause = new Error("ECONNREFUSED");
    const err = new MeshGatewayError({
      message: "gateway down",
      method: "POST",
      path: "/messages",
      cause,
      idempotencyKey: "k-1",
    });
    expect(err.code).toBe("gateway_error");
    expect(err.cause).toBe(cause);
    expect(err.name).toBe("MeshGatewayError");
    expect(err.method).toBe("POST");
    expect(err.status).toBeUndefined();
    expect(err.idempotencyKey).toBe("k-1");
    const auth = new MeshAuthError({ message: "x", method: "GET", path: "/", status: 401 });
    expect(auth.code).toBe("auth_error");
    expect(auth.name).toBe("MeshAuthError");
  });

  it.each([
    [undefined, true],
    [400, false],
    [404, false],
    [408, true],
    [409, false],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
  ])("with status %s is retryable: %s", (status, retryable) => {
    expect(new MeshGatewayError({ message: "x", ...where, status }).isRetryable).toBe(retryable);
  });

  it("lets the thrower decide retryability, and never retries an auth error", () => {
    expect(new MeshGatewayError({ message: "x", ...where, isRetryable: false }).isRetryable).toBe(
      false,
    );
    expect(new MeshAuthError({ message: "x", ...where, status: 401 }).isRetryable).toBe(false);
  });
});
