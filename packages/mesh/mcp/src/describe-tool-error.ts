import { formatBytes, MAX_CONTENT_BYTES } from "@mesh/protocol";

/** What the server knows when it words an error. */
export interface ErrorContext {
  /** The own peer name. */
  node: string;
  /** The gateway token, removed from any text that might quote it. */
  token: string | undefined;
}

interface ErrorLike {
  code?: unknown;
  /** The gateway's own error code (the body's `error`), on errors from a gateway answer. */
  serverCode?: unknown;
  status?: unknown;
  message?: unknown;
  ruleId?: unknown;
  /** On a `not_in_registry` error: the name asked for, and registered names close to it. */
  peerName?: unknown;
  suggestions?: unknown;
}

/**
 * The text of a failed tool call: what happened (the mesh error's own message, which never holds
 * a token or a matched secret) and what to change. Errors are told apart by their stable `code`.
 */
export function describeToolError(error: unknown, context: ErrorContext): string {
  const fields = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  const { code, serverCode, status, ruleId } = fields;
  const hint =
    (typeof serverCode === "string" ? SERVER_HINTS[serverCode] : undefined) ??
    hintFor(code, status, ruleId, context.node);
  const text = whatHappened(fields, hint !== "");
  const full = hint ? `${text}\nTo fix: ${hint}` : text;
  return context.token ? full.replaceAll(context.token, "[REDACTED]") : full;
}

/**
 * A library's own advice at the end of its message (a setting, an option, an HTTP route),
 * dropped where this server gives its own: the fix is said once, in terms an agent can act on.
 */
const OWN_ADVICE =
  /(?:; (?:set|check|pass|use|register|try)\b[^;]*| Credentials travel out of band[^.]*\.)$/;

/** What happened, from the error's own message (which never holds a token or a secret). */
function whatHappened(fields: ErrorLike, advised: boolean): string {
  const { code, message, peerName, suggestions } = fields;
  if (code === "not_in_registry" && typeof peerName === "string") {
    const close = Array.isArray(suggestions) && suggestions.length > 0;
    return `peer '${peerName}' is not registered on the mesh${close ? ` (did you mean ${suggestions.join(", ")}?)` : ""}`;
  }
  const text = typeof message === "string" && message !== "" ? message : "unexpected error";
  return advised ? text.replace(OWN_ADVICE, "") : text;
}

/** What to do about a refusal the gateway itself gave, by its error code. */
const SERVER_HINTS: Readonly<Record<string, string>> = {
  unknown_recipient: "use a registered peer name; `list_peers` lists them.",
  recipient_disabled: "an operator disabled that peer; `list_peers` shows which peers are enabled.",
  sender_disabled: "an operator disabled this peer; ask them to enable it again.",
  secret_detected:
    "remove the credential from `content` and share it out of band; the message was not sent.",
  rate_limited: "too many calls for now: wait a minute, then try again.",
  payload_too_large: `shorten \`content\` (at most ${formatBytes(MAX_CONTENT_BYTES)} of UTF-8).`,
};

function hintFor(code: unknown, status: unknown, ruleId: unknown, node: string): string {
  switch (code) {
    case "credential_leak":
      return `remove the credential from \`content\` (rule ${String(ruleId)}) and share it out of band; the message was not sent.`;
    case "auth_error":
      return `set MESH_GATEWAY_TOKEN in this MCP server's configuration to a token issued for peer '${node}' (an operator runs \`mesh-gateway token issue ${node}\`), then restart the server.`;
    case "not_in_registry":
      return "use a registered peer name; `list_peers` lists them (a peer appears once its agent has registered).";
    case "invalid_peer_name":
      return "peer names are 2 to 64 characters of lowercase letters, digits and hyphens; `list_peers` lists them.";
    case "gateway_unreachable":
      return "set MESH_GATEWAY_URL in this MCP server's configuration to the gateway's address, and check that the gateway is running.";
    case "gateway_error":
      return status === undefined
        ? "check MESH_GATEWAY_URL in this MCP server's configuration and that the gateway is running."
        : "";
    case "self_message":
      return "send to another peer; `list_peers` lists them.";
    default:
      return "";
  }
}
