import { describe, expect, it } from "vitest";
import {
  MESH_ERROR_BRAND,
  MeshAuthError,
  MeshError,
  MeshGatewayError,
  MeshValidationError,
} from "./index.js";

describe("MeshError", () => {
  it("is the base of every subclass", () => {
    const errors = [
      new MeshValidationError("bad kind"),
      new MeshGatewayError("down", { method: "GET", path: "/peers" }),
      new MeshAuthError("no token", { method: "GET", path: "/peers", status: 401 }),
    ];
    for (const err of errors) {
      expect(err).toBeInstanceOf(MeshError);
      expect(err).toBeInstanceOf(Error);
    }
  });

  it("recognises a branded error from a package that does not import it", () => {
    class ForeignError extends Error {
      readonly [MESH_ERROR_BRAND] = true;
    }
    expect(new ForeignError("x")).toBeInstanceOf(MeshError);
    expect(new Error("x")).not.toBeInstanceOf(MeshError);
    expect(null).not.toBeInstanceOf(MeshError);
  });

  it("keeps subclass checks strict", () => {
    const gateway = new MeshGatewayError("down", { method: "GET", path: "/peers", status: 502 });
    expect(gateway).not.toBeInstanceOf(MeshAuthError);
    expect(new MeshAuthError("no", { method: "GET", path: "/", status: 403 })).toBeInstanceOf(
      MeshGatewayError,
    );
    expect(new MeshValidationError("x")).not.toBeInstanceOf(MeshGatewayError);
  });

  it("carries code, cause, name and request details", () => {
    const cause = new Error("ECONNREFUSED");
    const err = new MeshGatewayError("gateway down", {
      method: "POST",
      path: "/messages",
      cause,
    });
    expect(err.code).toBe("gateway_error");
    expect(err.cause).toBe(cause);
    expect(err.name).toBe("MeshGatewayError");
    expect(err.method).toBe("POST");
    expect(err.status).toBeUndefined();
    expect(new MeshAuthError("x", { method: "GET", path: "/", status: 401 }).code).toBe(
      "auth_error",
    );
  });
});
