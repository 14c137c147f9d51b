/** Every `error` code a gateway puts in an error body (`{ error, message }`). */
export const ERROR_CODES = [
  "invalid_json",
  "invalid_body",
  "invalid_query",
  "invalid_id",
  "invalid_name",
  "invalid_text",
  "invalid_idempotency_key",
  "unknown_kind",
  "unknown_recipient",
  "recipient_disabled",
  "sender_disabled",
  "not_found",
  "method_not_allowed",
  "unauthorized",
  "forbidden",
  "payload_too_large",
  "request_timeout",
  "rate_limited",
  "overloaded",
  "idempotency_key_conflict",
  "secret_detected",
  "unavailable",
  "unsupported_media_type",
  "misdirected_request",
] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

/** Whether `value` is one of {@link ERROR_CODES}. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && KNOWN.has(value);
}
