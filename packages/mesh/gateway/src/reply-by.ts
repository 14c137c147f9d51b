import { type DmKind, MAX_REPLY_BY_MS } from "@mesh/protocol";
import { HttpError } from "./http-error.js";

/**
 * The `reply_by` of a send, normalized to ISO 8601 UTC, or null: only a question carries one,
 * not in the past and at most 30 days ahead of `now`. Throws the 400 `invalid_body` reply.
 */
export function replyByOf(
  replyBy: string | null | undefined,
  kind: DmKind,
  now = Date.now(),
): string | null {
  if (replyBy === undefined || replyBy === null) return null;
  if (kind !== "question") {
    throw new HttpError({
      code: "invalid_body",
      message: "reply_by applies to questions only; send kind 'question' or leave reply_by out",
    });
  }
  const at = Date.parse(replyBy);
  if (!Number.isFinite(at) || at < now || at > now + MAX_REPLY_BY_MS) {
    throw new HttpError({
      code: "invalid_body",
      message: `reply_by must lie between now and ${MAX_REPLY_BY_MS / 86_400_000} days ahead; give a later or earlier time`,
    });
  }
  return new Date(at).toISOString();
}
