import { MeshAuthError, MeshGatewayError, MeshValidationError } from "@mesh/errors";
import { NotInRegistryError } from "@mesh/names";
import { CredentialLeakError } from "@mesh/secret-guard";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeToolError } from "./describe-tool-error.js";

const context = { node: "droplet", token: undefined };

describe("describeToolError", () => {
  it.each([
    {
      name: "a rejected token names the setting and the issue command",
      error: new MeshAuthError({
        message: "GET /peers: the mesh gateway rejected the token (status 401)",
        method: "GET",
        path: "/peers",
        status: 401,
      }),
      fix: /MESH_GATEWAY_TOKEN .* `mesh-gateway token issue droplet`/,
    },
    {
      name: "an unknown peer keeps the client's suggestion and points at list_peers",
      error: new NotInRegistryError({
        peerName: "droplat",
        suggestions: ["droplet"],
        gatewayUrl: "http://gw",
      }),
      fix: /did you mean droplet\?[\s\S]*list_peers/,
    },
    {
      name: "a refused secret names the rule",
      error: new CredentialLeakError({
        ruleId: "github-token",
        label: "github token",
        index: 0,
        length: 40,
      }),
      fix: /github token pattern[\s\S]*rule github-token/,
    },
    {
      name: "a transport failure points at MESH_GATEWAY_URL",
      error: new MeshGatewayError({
        message: "GET /peers could not reach the mesh gateway",
        method: "GET",
        path: "/peers",
      }),
      fix: /MESH_GATEWAY_URL/,
    },
    {
      name: "a message to oneself suggests another peer",
      error: new MeshValidationError({
        message: "refusing to send a message to yourself",
        code: "self_message",
      }),
      fix: /another peer/,
    },
  ])("$name", ({ error, fix }) => {
    const text = describeToolError(error, context);
    expect(text.startsWith(error.message)).toBe(true);
    expect(text).toMatch(fix);
  });

  it.each([
    { serverCode: "recipient_disabled", fix: /disabled that peer/ },
    { serverCode: "secret_detected", fix: /remove the credential/ },
    { serverCode: "rate_limited", fix: /wait a minute/ },
  ])("advises on the gateway's own $serverCode refusal", ({ serverCode, fix }) => {
    const error = new MeshGatewayError({
      message: "POST /messages failed",
      method: "POST",
      path: "/messages",
      status: 409,
      serverCode,
    });
    expect(describeToolError(error, context)).toMatch(fix);
  });

  it("adds no advice to a gateway refusal that already says what happened", () => {
    const error = new MeshGatewayError({
      message: "POST /messages failed with status 409: disabled",
      method: "POST",
      path: "/messages",
      status: 409,
    });
    expect(describeToolError(error, context)).toBe(error.message);
  });

  it("words a thrown non-error without crashing", () => {
    expect(describeToolError(undefined, context)).toBe("unexpected error");
    expect(describeToolError("boom", context)).toBe("unexpected error");
  });

  it("never returns the token, whatever the message quotes", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 60 }),
        fc.string(),
        fc.string(),
        (token, before, after) => {
          const error = new MeshGatewayError({
            message: `${before}${token}${after}`,
            method: "GET",
            path: "/",
          });
          const text = describeToolError(error, { node: "droplet", token });
          expect(text).not.toContain(token);
        },
      ),
    );
  });
});
