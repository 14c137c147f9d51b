import { redactToken } from "@mesh/transport";

/**
 * `value` with `secret` redacted in its strings (object keys included) as `redactToken` of
 * `@mesh/transport` does it (everywhere from 16 characters on, a shorter one where it stands alone),
 * so that nothing the server returns can quote the gateway token, whatever a message or a
 * gateway answer holds. Returns `value` itself without a secret.
 */
export function redactSecret<T>(value: T, secret: string | undefined): T {
  if (!secret) return value;
  return redact(value, secret) as T;
}

function redact(value: unknown, secret: string): unknown {
  if (typeof value === "string") return redactToken(value, secret);
  if (Array.isArray(value)) return value.map((item) => redact(item, secret));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactToken(key, secret), redact(item, secret)]),
  );
}

/**
 * Whether any string in `value` (object keys included) holds `secret`: a walk that copies
 * nothing, so that a result without the token is sent as it is.
 */
export function mentionsSecret(value: unknown, secret: string | undefined): boolean {
  if (!secret) return false;
  if (typeof value === "string") return value.includes(secret);
  if (Array.isArray(value)) return value.some((item) => mentionsSecret(item, secret));
  if (typeof value !== "object" || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(secret) || mentionsSecret(item, secret)) return true;
  }
  return false;
}
