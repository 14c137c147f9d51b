import {
  CliError,
  CommanderError,
  describeCliError,
  type ErrorReport,
  EXIT_FAILURE,
  EXIT_USAGE,
} from "@mesh/cli-kit";
import { errorHint, PEER_NAME_FORMAT } from "@mesh/protocol";

/** The fields of a mesh error this module reads; mesh errors are told apart by their `code`. */
interface MeshErrorFields {
  code?: unknown;
  message?: unknown;
  method?: unknown;
  path?: unknown;
  status?: unknown;
  serverCode?: unknown;
  serverMessage?: unknown;
  idempotencyKey?: unknown;
  isRetryable?: unknown;
  gatewayUrl?: unknown;
  cause?: unknown;
}

/** How a person of this CLI lists the registered peers, for the gateway's hints. */
const HINT_WORDS = { peers: "`mesh peers`" };

/**
 * Maps any thrown value to its report, from the error's fields (its `code`, and for a gateway
 * error its status and the server's code and message), never from its message text. This module
 * needs none of the client's code at startup; mesh error messages never carry a secret.
 */
export function describeError(error: unknown): ErrorReport {
  if (CliError.isInstance(error)) return describeCliError(error);
  if (error instanceof CommanderError) return { message: error.message, exitCode: EXIT_USAGE };
  const fields = (typeof error === "object" && error !== null ? error : {}) as MeshErrorFields;
  const text =
    typeof fields.message === "string" && fields.message !== "" ? fields.message : String(error);
  switch (fields.code) {
    case "credential_leak":
      return {
        message: text,
        hint: "remove the credential from the content; use --skip-secret-check only for a reviewed false positive",
        exitCode: EXIT_FAILURE,
      };
    case "auth_error":
      return describeAuthError(fields);
    case "invalid_peer_name":
      return {
        message: text,
        hint: `peer names are ${PEER_NAME_FORMAT}`,
        exitCode: EXIT_USAGE,
      };
    case "not_in_registry":
      return {
        message: text,
        hint: "`mesh peers` lists the registered names",
        exitCode: EXIT_FAILURE,
      };
    case "gateway_unreachable":
      return describeUnreachable(fields, text);
    case "gateway_error":
      return describeGatewayError(fields, text);
    case "validation_error":
    case "invalid_kind":
    case "invalid_options":
      return { message: text, exitCode: EXIT_USAGE };
    default:
      return { message: text, exitCode: EXIT_FAILURE };
  }
}

const TOKEN_HINT =
  "set MESH_GATEWAY_TOKEN (or pass --token) to a token this gateway accepts; an operator issues one with `mesh-gateway token issue <peer>`";

/** 401: the token is missing or wrong. 403: the token is good but belongs to another peer. */
function describeAuthError(fields: MeshErrorFields): ErrorReport {
  const { method, path, status, serverMessage } = fields;
  const what =
    typeof serverMessage === "string"
      ? serverMessage
      : status === 403
        ? "the gateway refused the token for this operation"
        : "the gateway did not accept the token";
  const where = typeof method === "string" && typeof path === "string" ? `${method} ${path}: ` : "";
  return {
    message: `${where}${what}${typeof status === "number" ? ` (${status})` : ""}`,
    hint:
      status === 403
        ? "a peer token acts only as its own peer: set MESH_NODE (or --node) to the peer the token was issued for, or use that peer's token"
        : TOKEN_HINT,
    exitCode: EXIT_FAILURE,
  };
}

/** A registry lookup that failed because of the token is an auth error, not an unreachable gateway. */
function describeUnreachable(fields: MeshErrorFields, text: string): ErrorReport {
  const cause =
    typeof fields.cause === "object" && fields.cause !== null
      ? (fields.cause as MeshErrorFields)
      : undefined;
  if (cause?.code === "auth_error") {
    return describeAuthError(cause);
  }
  const reason = typeof cause?.message === "string" ? ` (${cause.message})` : "";
  return {
    message:
      typeof fields.gatewayUrl === "string"
        ? `no mesh gateway answers at ${fields.gatewayUrl}${reason}`
        : text,
    hint: "set MESH_GATEWAY_URL (or pass --gateway-url) to the gateway's address; start one with `mesh gateway`",
    exitCode: EXIT_FAILURE,
  };
}

function describeGatewayError(fields: MeshErrorFields, text: string): ErrorReport {
  const { method, path, status, serverCode, serverMessage } = fields;
  if (status === undefined) {
    const hint = withRepeatHint(
      fields,
      "set MESH_GATEWAY_URL (or pass --gateway-url) to a running gateway; start one with `mesh gateway`",
    );
    return { message: text, ...(hint !== undefined && { hint }), exitCode: EXIT_FAILURE };
  }
  const message =
    typeof serverMessage === "string"
      ? `${method} ${path}: ${serverMessage} (${status}${typeof serverCode === "string" ? ` ${serverCode}` : ""})`
      : text;
  const hint = withRepeatHint(
    fields,
    typeof serverCode === "string" ? errorHint(serverCode, HINT_WORDS) : undefined,
  );
  return { message, ...(hint !== undefined && { hint }), exitCode: EXIT_FAILURE };
}

/** A failed send that may be repeated: say how to repeat it without a duplicate. */
function withRepeatHint(fields: MeshErrorFields, hint: string | undefined): string | undefined {
  if (typeof fields.idempotencyKey !== "string" || fields.isRetryable !== true) return hint;
  const repeat = `to repeat the send without risking a duplicate, add --idempotency-key ${fields.idempotencyKey}`;
  return hint === undefined ? repeat : `${hint}; ${repeat}`;
}
