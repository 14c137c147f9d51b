import { errorHint, PEER_NAME_FORMAT } from "@mesh/protocol";

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
  // An auth error gets this server's own advice (its configuration), not the gateway's.
  const hint =
    (code === "auth_error" ? undefined : serverHint(serverCode)) ??
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

/** How an agent of this server lists the registered peers, for the gateway's hints. */
const HINT_WORDS = { peers: "`list_peers`" };

/** What to do about a refusal the gateway itself gave, by its error code, as one sentence. */
function serverHint(serverCode: unknown): string | undefined {
  const hint = typeof serverCode === "string" ? errorHint(serverCode, HINT_WORDS) : undefined;
  return hint === undefined ? undefined : `${hint}.`;
}

function hintFor(code: unknown, status: unknown, ruleId: unknown, node: string): string {
  switch (code) {
    case "credential_leak":
      return `remove the credential from \`content\` (rule ${String(ruleId)}) and share it out of band; the message was not sent.`;
    case "auth_error":
      return `set MESH_GATEWAY_TOKEN in this MCP server's configuration to a token issued for peer '${node}' (an operator runs \`mesh-gateway token issue ${node}\`), then restart the server.`;
    case "not_in_registry":
      return "use a registered peer name; `list_peers` lists them (a peer appears once its agent has registered).";
    case "invalid_peer_name":
      return `peer names are ${PEER_NAME_FORMAT}; \`list_peers\` lists them.`;
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
