import { MAX_REFERENCE_LENGTH, MAX_SEARCH_LENGTH, MIN_MESSAGE_LIMIT } from "@mesh/protocol";
import * as v from "valibot";

/** Options of {@link MeshClient.messages} and of the filters of `search`. */
export interface MessagesQuery {
  /** Recipient. Default: none (a peer token then reads its inbox, or with `threadId`/`q` what it sent or received). */
  to?: string | undefined;
  /** Sender (a peer token may name only itself, or anyone with `to` set to itself). */
  from?: string | undefined;
  /** Both directions between the caller and this peer (the admin token: and `to` or `from`). */
  with?: string | undefined;
  /** Only messages of this thread (1 to 200 characters). */
  threadId?: string | undefined;
  /** Words that must all occur in the content, case-insensitive, the last one as a prefix. */
  q?: string | undefined;
  /** Only messages not yet marked read. Default `false`. */
  unreadOnly?: boolean | undefined;
  /** Start after this message id. Default 0 (from the oldest). */
  afterId?: number | undefined;
  /** Messages per page, at least 1. Default: the gateway's (100; it caps at 1000). */
  limit?: number | undefined;
}

const peerName = v.optional(v.pipe(v.string(), v.minLength(1)));

export const MessagesQuerySchema = v.object({
  to: peerName,
  from: peerName,
  with: peerName,
  threadId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_REFERENCE_LENGTH))),
  q: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SEARCH_LENGTH))),
  unreadOnly: v.optional(v.boolean()),
  afterId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  limit: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(MIN_MESSAGE_LIMIT))),
});

/** The wire query of `GET /messages` for `query` (names already resolved). */
export function messagesWireQuery(query: v.InferOutput<typeof MessagesQuerySchema>) {
  const wire: Record<string, string> = {};
  if (query.to !== undefined) wire["to"] = query.to;
  if (query.from !== undefined) wire["from"] = query.from;
  if (query.with !== undefined) wire["with"] = query.with;
  if (query.threadId !== undefined) wire["thread"] = query.threadId;
  if (query.q !== undefined) wire["q"] = query.q;
  if (query.unreadOnly === true) wire["unread_only"] = "true";
  if (query.afterId !== undefined) wire["after_id"] = String(query.afterId);
  if (query.limit !== undefined) wire["limit"] = String(query.limit);
  return wire;
}
