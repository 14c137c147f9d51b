import { formatBytes, MAX_BODY_BYTES, MAX_CONTENT_BYTES, PEER_NAME_PATTERN } from "@mesh/protocol";
import { MAX_REGISTRATION_BYTES, MAX_REGISTRATION_KEYS } from "../registration-limits.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A JSON response of a component schema. */
export const json = (name: string, description: string) => ({
  description,
  content: { "application/json": { schema: ref(name) } },
});

/** Error responses of the given statuses, each with the codes it carries. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), json("Error", ERROR_TEXT[status]!)]),
  );

const ERROR_TEXT: Record<number, string> = {
  400: "invalid_json, invalid_body, invalid_query, invalid_name, invalid_text, unknown_kind, invalid_id, invalid_idempotency_key",
  401: "unauthorized: missing or unknown token",
  403: "forbidden: the token's peer acts outside its rights; sender_disabled: a disabled peer sends",
  404: "not_found or unknown_recipient (another peer's message id reads as not_found)",
  408: "request_timeout: the headers or body did not arrive in time",
  409: "recipient_disabled, idempotency_key_conflict",
  413: `payload_too_large: body over ${formatBytes(MAX_BODY_BYTES)}, content over ${formatBytes(MAX_CONTENT_BYTES)}, registration over ${MAX_REGISTRATION_KEYS} keys or ${formatBytes(MAX_REGISTRATION_BYTES)}`,
  422: "secret_detected: the content carries a credential (`rule` names it, never the text)",
  429: "rate_limited: too many requests for this token or failed authentications; see Retry-After",
  503: "overloaded (too many bodies in memory; see Retry-After) or unavailable (the database)",
};

/** The `Link` header of a reply with more rows than its page (RFC 8288). */
export const LINK_HEADER = {
  description:
    'present when more rows match than the page holds: `</messages?...&after_id=N>; rel="next"` (`before_id` for threads), the same filters, relative to the request URL',
  schema: { type: "string" },
};

/** Errors any authenticated request can get on an open network. */
export const COMMON = [401, 408, 429, 503] as const;

/** A path parameter holding a peer name. */
export const nameParameter = (name: string) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string", pattern: PEER_NAME_PATTERN.source },
});

/** The `msg_id` path parameter. */
export const MESSAGE_ID_PARAMETER = {
  name: "msg_id",
  in: "path",
  required: true,
  schema: { type: "integer", minimum: 0 },
};
