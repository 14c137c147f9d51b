const REDACTED = "[REDACTED]";

/**
 * `value` with every occurrence of `secret` in its strings (object keys included) replaced, so
 * that nothing the server returns can quote the gateway token, whatever a message or a gateway
 * answer holds. Returns `value` itself when no string holds the secret.
 */
export function redactSecret<T>(value: T, secret: string | undefined): T {
  if (!secret) return value;
  return redact(value, secret) as T;
}

function redact(value: unknown, secret: string): unknown {
  if (typeof value === "string") return redactText(value, secret);
  if (Array.isArray(value)) return value.map((item) => redact(item, secret));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactText(key, secret), redact(item, secret)]),
  );
}

function redactText(text: string, secret: string): string {
  if (!text.includes(secret)) return text;
  const replaced = text.replaceAll(secret, REDACTED);
  // A secret that the replacement itself completes (such as "D]") leaves nothing to show.
  if (!replaced.includes(secret)) return replaced;
  return REDACTED.includes(secret) ? "" : REDACTED;
}
