/**
 * The entries of a list answer, read as `PeerListBodySchema` / `MessageListBodySchema` read it
 * (a bare array, or an object with the array under `key`) without valibot's union walk;
 * `undefined` when the body is neither, and the schema then says why.
 */
export function readListBody(
  body: unknown,
  key: "peers" | "messages" | "threads",
): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (typeof body !== "object" || body === null) return undefined;
  const list = (body as Record<string, unknown>)[key];
  return Array.isArray(list) ? list : undefined;
}
