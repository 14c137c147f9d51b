import { DM_KINDS } from "./dm-kinds.js";
import type { ErrorCode } from "./error-codes.js";
import { formatBytes } from "./format-bytes.js";
import { MAX_BODY_BYTES, MAX_CONTENT_BYTES, MAX_IDEMPOTENCY_KEY_LENGTH } from "./limits.js";
import { PEER_NAME_FORMAT } from "./peer-name-pattern.js";

/** What the gateway answers with one error code, and what its reader can do about it. */
export interface ErrorTableEntry {
  /** The HTTP status the gateway sends with this code (each code has exactly one). */
  readonly status: number;
  /**
   * What a person or an agent can do about it, one clause without a final period. `{peers}` stands
   * for the reader's way to list the registered peers; {@link errorHint} fills it in.
   */
  readonly hint: string;
}

/**
 * Every error code of the gateway's error body with its HTTP status and its hint: the gateway takes
 * the status from here, the CLI and the MCP server the hint.
 */
export const ERROR_TABLE: Readonly<Record<ErrorCode, ErrorTableEntry>> = Object.freeze({
  invalid_json: {
    status: 400,
    hint: "the request body is not JSON: update the client, or report the bug if it is current",
  },
  invalid_body: {
    status: 400,
    hint: "a field of the request is missing or has the wrong type or value; the message names it",
  },
  invalid_query: {
    status: 400,
    hint: "a query parameter is out of range or malformed; the message names it",
  },
  invalid_id: { status: 400, hint: "a message id is a positive integer, as the inbox shows it" },
  invalid_name: {
    status: 400,
    hint: `peer names are ${PEER_NAME_FORMAT}; {peers} lists the registered ones`,
  },
  invalid_text: {
    status: 400,
    hint: "the text holds bytes that are not Unicode text (a lone surrogate or invalid UTF-8); remove them",
  },
  invalid_idempotency_key: {
    status: 400,
    hint: `give one idempotency key of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
  },
  unknown_kind: { status: 400, hint: `the kind is one of ${DM_KINDS.join(", ")}` },
  unknown_recipient: { status: 404, hint: "use a registered peer name; {peers} lists them" },
  recipient_disabled: {
    status: 409,
    hint: "an operator disabled the recipient on this gateway; {peers} shows which peers are enabled",
  },
  sender_disabled: {
    status: 403,
    hint: "an operator disabled your peer on this gateway; ask them to enable it again",
  },
  not_found: {
    status: 404,
    hint: "check the id: a message addressed to another peer reads as not found too",
  },
  method_not_allowed: {
    status: 405,
    hint: "this route does not take that method: the client may be newer or older than the gateway",
  },
  unauthorized: {
    status: 401,
    hint: "set MESH_GATEWAY_TOKEN to a token this gateway accepts; an operator issues one with `mesh-gateway token issue <peer>`",
  },
  forbidden: {
    status: 403,
    hint: "a peer token acts only as its own peer: use the name the token was issued for, or that peer's token",
  },
  payload_too_large: {
    status: 413,
    hint: `DM content is limited to ${formatBytes(MAX_CONTENT_BYTES)} of UTF-8 and a request body to ${formatBytes(MAX_BODY_BYTES)}; shorten it or send a link`,
  },
  request_timeout: {
    status: 408,
    hint: "the request did not arrive in time: check the network and try again",
  },
  rate_limited: { status: 429, hint: "too many requests: wait a moment and try again" },
  overloaded: { status: 503, hint: "the gateway is busy: wait a moment and try again" },
  idempotency_key_conflict: {
    status: 409,
    hint: "that idempotency key belongs to a different message; use a new key for a new message",
  },
  secret_detected: {
    status: 422,
    hint: "remove the credential from the content; credentials travel out of band, never in a DM",
  },
  unavailable: {
    status: 503,
    hint: "the gateway cannot reach its database: try again later or tell its operator",
  },
  unsupported_media_type: {
    status: 415,
    hint: "send the body as JSON, with content-type application/json",
  },
  misdirected_request: {
    status: 421,
    hint: "a gateway without an admin token answers only loopback host names: connect through localhost, or ask its operator to allow the host (--allow-host)",
  },
});

/** The reader's words a hint refers to. */
export interface HintWords {
  /** How this reader lists the registered peers, e.g. "`mesh peers`" or "`list_peers`". */
  peers: string;
}

/** The hint for a gateway error code, in the reader's words; `undefined` for an unknown code. */
export function errorHint(code: string, words: HintWords): string | undefined {
  if (!Object.hasOwn(ERROR_TABLE, code)) return undefined;
  return ERROR_TABLE[code as ErrorCode].hint.replaceAll("{peers}", words.peers);
}

/** The HTTP status the gateway answers with `code`. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_TABLE[code].status;
}
