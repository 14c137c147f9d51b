import { CliError } from "@mesh/cli-kit";
import { MeshAuthError, MeshGatewayError, MeshValidationError } from "@mesh/errors";
import { ERROR_CODES, ERROR_TABLE } from "@mesh/protocol";
import { CredentialLeakError } from "@mesh/secret-guard";
import { describe, expect, it } from "vitest";
import { describeError } from "./describe-error.js";

const where = { method: "GET", path: "/peers" };

describe("describeError", () => {
  it.each([
    [new CliError({ message: "no peer name", hint: "set MESH_NODE" }), 1, /MESH_NODE/],
    [
      new CredentialLeakError({ ruleId: "jwt", label: "jwt", index: 0, length: 40 }),
      1,
      /skip-secret-check/,
    ],
    [
      new MeshAuthError({ message: "GET /peers: rejected", ...where, status: 401 }),
      1,
      /MESH_GATEWAY_TOKEN/,
    ],
    [
      new MeshGatewayError({ message: "GET /peers could not reach", ...where }),
      1,
      /MESH_GATEWAY_URL/,
    ],
    [new MeshValidationError({ message: "invalid send options" }), 2, undefined],
    [new MeshValidationError({ message: "bad aliases", code: "invalid_options" }), 2, undefined],
    [new Error("boom"), 1, undefined],
  ])("reports %s with exit %i", (error, exitCode, hint) => {
    const report = describeError(error);
    expect(report.exitCode).toBe(exitCode);
    if (hint) expect(report.hint).toMatch(hint);
    else expect(report.hint).toBeUndefined();
  });

  it("builds the line from the error's fields, not from its message", () => {
    const error = new MeshGatewayError({
      message: "whatever the transport wrote",
      method: "POST",
      path: "/messages/9/read",
      status: 404,
      serverCode: "not_found",
      serverMessage: "no message with id 9",
    });
    expect(describeError(error).message).toBe(
      "POST /messages/9/read: no message with id 9 (404 not_found)",
    );
  });

  it.each(ERROR_CODES.filter((code) => code !== "unauthorized" && code !== "forbidden"))(
    "hints at what to do about the gateway's %s, in the CLI's words",
    (code) => {
      const error = new MeshGatewayError({
        message: "x",
        method: "POST",
        path: "/messages",
        status: ERROR_TABLE[code].status,
        serverCode: code,
        serverMessage: "refused",
        isRetryable: false,
      });
      const hint = describeError(error).hint;
      expect(hint).toBe(ERROR_TABLE[code].hint.replaceAll("{peers}", "`mesh peers`"));
      expect(hint).not.toContain("list_peers");
    },
  );

  it("hints by the gateway's error code", () => {
    const error = new MeshGatewayError({
      message: "x",
      method: "POST",
      path: "/messages",
      status: 429,
      serverCode: "rate_limited",
      serverMessage: "slow down",
    });
    expect(describeError(error).hint).toMatch(/wait a moment/);
  });

  it("tells how to repeat a failed send safely, with its idempotency key", () => {
    const error = new MeshGatewayError({
      message: "x",
      method: "POST",
      path: "/messages",
      status: 503,
      serverCode: "overloaded",
      serverMessage: "busy",
      idempotencyKey: "k-42",
    });
    expect(describeError(error).hint).toMatch(/--idempotency-key k-42/);
    const refused = new MeshGatewayError({
      message: "x",
      method: "POST",
      path: "/messages",
      status: 400,
      serverMessage: "bad",
      idempotencyKey: "k-43",
    });
    expect(describeError(refused).hint).toBeUndefined();
  });
});
