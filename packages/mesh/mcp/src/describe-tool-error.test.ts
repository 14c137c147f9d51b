import { formatBytes, MAX_CONTENT_BYTES } from "@mesh/protocol";
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
    { serverCode: "recipient_disabled", fix: /disabled the recipient.*`list_peers`/ },
    { serverCode: "secret_detected", fix: /remove the credential/ },
    { serverCode: "rate_limited", fix: /wait a moment/ },
    { serverCode: "payload_too_large", fix: `${formatBytes(MAX_CONTENT_BYTES)} of UTF-8` },
  ])("advises on the gateway's own $serverCode refusal", ({ serverCode, fix }) => {
    const error = meshError("POST /messages failed", {
      code: "gateway_error",
      status: 409,
      serverCode,
    });
    expect(describeToolError(error, context)).toMatch(fix);
  });

  it("gives its own configuration advice for a token the gateway refused", () => {
    const error = meshError("GET /peers: unknown token (status 401)", {
      code: "auth_error",
      status: 401,
      serverCode: "unauthorized",
    });
    expect(describeToolError(error, context)).toMatch(/this MCP server's configuration/);
  });

  it("adds no advice to a gateway refusal that already says what happened", () => {
    const error = meshError("POST /messages failed with status 409: disabled", {
      code: "gateway_error",
      status: 409,
    });
    expect(describeToolError(error, context)).toBe(error.message);
  });

  it.each([
    {
      name: "a rejected token",
      error: meshError(
        "GET /peers: the mesh gateway rejected the token (status 401); set MESH_GATEWAY_TOKEN or pass the `token` option with a token this gateway accepts",
        { code: "auth_error", status: 401 },
      ),
      text: "GET /peers: the mesh gateway rejected the token (status 401)\nTo fix: set MESH_GATEWAY_TOKEN in this MCP server's configuration to a token issued for peer 'droplet' (an operator runs `mesh-gateway token issue droplet`), then restart the server.",
    },
    {
      name: "an unreachable gateway",
      error: meshError(
        "GET /peers could not reach the mesh gateway at http://127.0.0.1:9 (connect ECONNREFUSED); check MESH_GATEWAY_URL and that the gateway is running",
        { code: "gateway_error" },
      ),
      text: "GET /peers could not reach the mesh gateway at http://127.0.0.1:9 (connect ECONNREFUSED)\nTo fix: check MESH_GATEWAY_URL in this MCP server's configuration and that the gateway is running.",
    },
    {
      name: "a refused credential",
      error: meshError(
        "refusing to send: content matches github token pattern. Credentials travel out of band, never in DM content.",
        { code: "credential_leak", ruleId: "github" },
      ),
      text: "refusing to send: content matches github token pattern.\nTo fix: remove the credential from `content` (rule github) and share it out of band; the message was not sent.",
    },
    {
      name: "an unregistered peer without a close name",
      error: meshError(
        "peer name 'carol' is not in the gateway registry (no close match; check the name or register the peer with POST /peers/register)",
        { code: "not_in_registry", peerName: "carol", suggestions: [] },
      ),
      text: "peer 'carol' is not registered on the mesh\nTo fix: use a registered peer name; `list_peers` lists them (a peer appears once its agent has registered).",
    },
    {
      name: "an unregistered peer with close names",
      error: meshError(
        "peer name 'droplat' is not in the gateway registry (did you mean droplet?)",
        {
          code: "not_in_registry",
          peerName: "droplat",
          suggestions: ["droplet"],
        },
      ),
      text: /^peer 'droplat' is not registered on the mesh \(did you mean droplet\?\)\nTo fix: /,
    },
  ])("gives the fix once, in the server's terms: $name", ({ error, text }) => {
    const described = describeToolError(error, context);
    if (typeof text === "string") expect(described).toBe(text);
    else expect(described).toMatch(text);
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
