import { CliError } from "@mesh/cli-kit";
import { MeshAuthError, MeshGatewayError, MeshValidationError } from "@mesh/errors";
import { CredentialLeakError } from "@mesh/secret-guard";
import { describe, expect, it } from "vitest";
import { describeError } from "./describe-error.js";

describe("describeError", () => {
  it.each([
    [new CliError("no peer name", { hint: "set MESH_NODE" }), 1, /MESH_NODE/],
    [
      new CredentialLeakError({ ruleId: "jwt", label: "jwt", index: 0, length: 40 }),
      1,
      /skip-secret-check/,
    ],
    [
      new MeshAuthError("GET /peers: rejected", { method: "GET", path: "/peers", status: 401 }),
      1,
      /MESH_GATEWAY_TOKEN/,
    ],
    [
      new MeshGatewayError("GET /peers could not reach", { method: "GET", path: "/peers" }),
      1,
      /MESH_GATEWAY_URL/,
    ],
    [new MeshValidationError("invalid send options"), 2, undefined],
    [new Error("boom"), 1, undefined],
  ])("reports %s with exit %i", (error, exitCode, hint) => {
    const report = describeError(error);
    expect(report.exitCode).toBe(exitCode);
    if (hint) expect(report.hint).toMatch(hint);
    else expect(report.hint).toBeUndefined();
  });

  it("turns a gateway error body into one readable line", () => {
    const error = new MeshGatewayError(
      'POST /messages/9/read failed with status 404: {"error":"not_found","message":"no message with id 9"}',
      { method: "POST", path: "/messages/9/read", status: 404 },
    );
    expect(describeError(error).message).toBe(
      "POST /messages/9/read: no message with id 9 (404 not_found)",
    );
  });
});
