import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeToolError } from "./describe-tool-error.js";

const context = { node: "droplet", token: undefined };

/** An error as the mesh packages throw them: told apart by `code` and a few fields. */
function meshError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe("describeToolError", () => {
  it.each([
    {
      name: "a rejected token names the setting and the issue command",
      error: meshError("GET /peers: the mesh gateway rejected the token (status 401)", {
        code: "auth_error",
        status: 401,
      }),
      fix: /MESH_GATEWAY_TOKEN .* `mesh-gateway token issue droplet`/,
    },
    {
      name: "an unknown peer keeps the client's suggestion and points at list_peers",
      error: meshError(
        "peer name 'droplat' is not in the gateway registry (did you mean droplet?)",
        {
          code: "not_in_registry",
        },
      ),
      fix: /did you mean droplet\?[\s\S]*list_peers/,
    },
    {
      name: "a refused secret names the rule",
      error: meshError("refusing to send: content matches github token pattern.", {
        code: "credential_leak",
        ruleId: "github-token",
      }),
      fix: /github token pattern[\s\S]*rule github-token/,
    },
    {
      name: "a transport failure points at MESH_GATEWAY_URL",
      error: meshError("GET /peers could not reach the mesh gateway", { code: "gateway_error" }),
      fix: /MESH_GATEWAY_URL/,
    },
    {
      name: "a malformed peer name states the format",
      error: meshError("peer name 'Bad Name' does not match", { code: "invalid_peer_name" }),
      fix: /lowercase letters, digits and hyphens/,
    },
    {
      name: "a message to oneself suggests another peer",
      error: meshError("refusing to send a message to yourself", { code: "self_message" }),
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
    const error = meshError("POST /messages failed", {
      code: "gateway_error",
      status: 409,
      serverCode,
    });
    expect(describeToolError(error, context)).toMatch(fix);
  });

  it("adds no advice to a gateway refusal that already says what happened", () => {
    const error = meshError("POST /messages failed with status 409: disabled", {
      code: "gateway_error",
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
          const error = meshError(`${before}${token}${after}`, { code: "gateway_error" });
          const text = describeToolError(error, { node: "droplet", token });
          expect(text).not.toContain(token);
        },
      ),
    );
  });
});
