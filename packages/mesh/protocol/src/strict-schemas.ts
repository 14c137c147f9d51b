import * as v from "valibot";
import { DM_KINDS, type DmKind } from "./dm-kinds.js";
import { ERROR_CODES } from "./error-codes.js";
import { formatBytes } from "./format-bytes.js";
import {
  DEFAULT_MESSAGE_LIMIT,
  DEFAULT_THREAD_LIMIT,
  DEFAULT_TOKEN_HOLDER_LIMIT,
  MAX_CONTENT_BYTES,
  MAX_MESSAGE_LIMIT,
  MAX_PEER_LIMIT,
  MAX_PEER_URL_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_THREAD_LIMIT,
  MAX_TOKEN_HOLDER_LIMIT,
  MAX_WAIT_SECONDS,
} from "./limits.js";
import { MESSAGE_STATES, type MessageState } from "./message-states.js";
import { PEER_NAME_FORMAT, PEER_NAME_PATTERN } from "./peer-name-pattern.js";
import { isStorableJson } from "./storable-json.js";

/*
 * The gateway's side of the wire: what it accepts (request bodies and queries, refused with a
 * message when they do not fit) and exactly what it answers. Clients read answers with the
 * tolerant schemas derived from these (`tolerant-schemas.ts`).
 */

const NO_NUL = "\u0000";

const peerName = (field: string) =>
  v.pipe(
    v.string(`${field} must be a single string`),
    v.regex(
      PEER_NAME_PATTERN,
      `${field} does not match the peer-name format (${PEER_NAME_FORMAT})`,
    ),
  );

const referenceText = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.minLength(1, `${field} must have 1 to ${MAX_REFERENCE_LENGTH} characters`),
    v.maxLength(MAX_REFERENCE_LENGTH, `${field} must have 1 to ${MAX_REFERENCE_LENGTH} characters`),
    v.excludes(NO_NUL, `${field} must not contain NUL characters`),
  );

const reference = (field: string) => v.nullish(referenceText(field));

/**
 * `v.maxBytes` that skips encoding a string too short to exceed the limit (UTF-8 takes at
 * most 3 bytes per UTF-16 code unit); longer strings get the full byte count. Same action
 * type, so issues and the JSON Schema are those of `v.maxBytes`.
 */
function maxUtf8Bytes<TRequirement extends number, TMessage extends string>(
  requirement: TRequirement,
  message: TMessage,
): v.MaxBytesAction<string, TRequirement, TMessage> {
  const action = v.maxBytes<string, TRequirement, TMessage>(requirement, message);
  const run = action["~run"];
  return {
    ...action,
    "~run"(dataset, config) {
      if (dataset.typed && dataset.value.length * 3 <= requirement) return dataset;
      return run.call(this, dataset, config);
    },
  };
}

const isoTime = v.pipe(v.string(), v.isoTimestamp());

export const RegisterBodySchema = v.pipe(
  v.looseObject(
    {
      name: peerName("name"),
      url: v.nullish(
        v.pipe(
          v.string("url must be a string or null"),
          v.maxLength(
            MAX_PEER_URL_LENGTH,
            `url must have at most ${MAX_PEER_URL_LENGTH} characters`,
          ),
          v.excludes(NO_NUL, "url must not contain NUL characters"),
        ),
      ),
      capabilities: v.nullish(
        v.pipe(
          v.record(v.string(), v.unknown(), "capabilities must be a JSON object"),
          v.check((value) => !Array.isArray(value), "capabilities must be a JSON object"),
        ),
      ),
    },
    "request body must be a JSON object",
  ),
  v.check(
    (body) => isStorableJson(body),
    "request body nests objects or arrays deeper than 32 levels or contains a NUL character",
  ),
);

export const SendBodySchema = v.looseObject(
  {
    from_node: peerName("from_node"),
    to_node: peerName("to_node"),
    kind: v.picklist(DM_KINDS, `kind must be one of ${DM_KINDS.join(", ")}`),
    content: v.pipe(
      v.string("content must be a string"),
      v.excludes(NO_NUL, "content must not contain NUL characters"),
      maxUtf8Bytes(
        MAX_CONTENT_BYTES,
        `content is larger than ${formatBytes(MAX_CONTENT_BYTES)} of UTF-8`,
      ),
    ),
    related_task_id: reference("related_task_id"),
    thread_id: reference("thread_id"),
    reply_by: v.nullish(
      v.pipe(
        v.string("reply_by must be an RFC 3339 time"),
        v.isoTimestamp("reply_by must be an RFC 3339 time such as 2026-01-31T12:00:00Z"),
        v.description(
          "questions only: when the question expires unanswered (at most 30 days ahead); the sender then gets an expired receipt",
        ),
      ),
    ),
  },
  "request body must be a JSON object",
);

export const PatchPeerBodySchema = v.looseObject(
  { enabled: v.boolean("enabled must be a boolean") },
  "request body must be a JSON object",
);

export const IssueTokenBodySchema = v.looseObject(
  { peer: peerName("peer") },
  "request body must be a JSON object",
);

/** Search words: all must occur in `content`, case-insensitive, the last one as a prefix. */
const searchText = v.pipe(
  v.string("q must be given once"),
  v.minLength(1, `q must have 1 to ${MAX_SEARCH_LENGTH} characters`),
  v.maxLength(MAX_SEARCH_LENGTH, `q must have 1 to ${MAX_SEARCH_LENGTH} characters`),
  v.excludes(NO_NUL, "q must not contain NUL characters"),
  v.description(
    "words that must all occur in content, case-insensitive, the last one matching as a prefix",
  ),
);

/** Query of `GET /messages` as it arrives (strings); a repeated parameter is refused. */
export const MessagesQuerySchema = v.looseObject({
  to: v.optional(peerName("to")),
  unread_only: v.optional(
    v.picklist(["true", "false", "1", "0"], "unread_only must be true or false"),
  ),
  limit: v.optional(
    v.pipe(
      v.string("limit must be given once"),
      v.regex(/^[+-]?\d+$/, "limit must be an integer"),
      v.description(
        `1 to ${MAX_MESSAGE_LIMIT} (larger values count as ${MAX_MESSAGE_LIMIT}); default ${DEFAULT_MESSAGE_LIMIT}`,
      ),
    ),
  ),
  after_id: v.optional(
    v.pipe(
      v.string("after_id must be given once"),
      v.regex(/^\d+$/, "after_id must be a non-negative integer"),
      v.description("only messages with a larger id (paging cursor)"),
    ),
  ),
  wait: v.optional(
    v.pipe(
      v.string("wait must be given once"),
      v.regex(/^\d+(\.\d+)?$/, "wait must be a non-negative number of seconds"),
      v.description(
        `seconds (at most ${MAX_WAIT_SECONDS}) to hold the request until a matching message exists`,
      ),
    ),
  ),
  thread: v.optional(
    v.pipe(referenceText("thread"), v.description("only messages with this thread_id")),
  ),
  from: v.optional(
    v.pipe(
      peerName("from"),
      v.description(
        "only messages sent by this peer (a peer token may name only itself); with `to` too, that one direction",
      ),
    ),
  ),
  with: v.optional(
    v.pipe(
      peerName("with"),
      v.description(
        "the messages between this peer and the caller (peer token) or the peer named by `to` or `from` (admin), both directions",
      ),
    ),
  ),
  q: v.optional(searchText),
  state: v.optional(
    v.pipe(
      v.picklist(MESSAGE_STATES, `state must be one of ${MESSAGE_STATES.join(", ")}`),
      v.description("only messages in this receipt state (with from=<self>: what the sender sent)"),
    ),
  ),
  receipts: v.optional(
    v.pipe(
      v.picklist(["true", "false", "1", "0"], "receipts must be true or false"),
      v.description(
        "stream only: also carry receipt events of the messages the caller sent (implied by from=<self>)",
      ),
    ),
  ),
});

/** Query of `GET /threads` as it arrives (strings). */
export const ThreadsQuerySchema = v.looseObject({
  peer: v.optional(
    v.pipe(peerName("peer"), v.description("admin only: the threads this peer took part in")),
  ),
  limit: v.optional(
    v.pipe(
      v.string("limit must be given once"),
      v.regex(/^[+-]?\d+$/, "limit must be an integer"),
      v.description(
        `1 to ${MAX_THREAD_LIMIT} (larger values count as ${MAX_THREAD_LIMIT}); default ${DEFAULT_THREAD_LIMIT}`,
      ),
    ),
  ),
  before_id: v.optional(
    v.pipe(
      v.string("before_id must be given once"),
      v.regex(/^\d+$/, "before_id must be a non-negative integer"),
      v.description("only threads whose last message id is smaller (paging cursor)"),
    ),
  ),
  q: v.optional(searchText),
});

/** Query of `GET /peers` as it arrives (strings): a page of the registry by name. */
export const PeersQuerySchema = v.looseObject({
  limit: v.optional(
    v.pipe(
      v.string("limit must be given once"),
      v.regex(/^[+-]?\d+$/, "limit must be an integer"),
      v.description(
        `1 to ${MAX_PEER_LIMIT} (larger values count as ${MAX_PEER_LIMIT}); default ${MAX_PEER_LIMIT}`,
      ),
    ),
  ),
  after: v.optional(
    v.pipe(
      peerName("after"),
      v.description("only peers whose name sorts after this one (paging cursor)"),
    ),
  ),
});

/** Query of `GET /admin/tokens` as it arrives (strings). */
export const TokenHoldersQuerySchema = v.looseObject({
  limit: v.optional(
    v.pipe(
      v.string("limit must be given once"),
      v.regex(/^[+-]?\d+$/, "limit must be an integer"),
      v.description(
        `1 to ${MAX_TOKEN_HOLDER_LIMIT} (larger values count as ${MAX_TOKEN_HOLDER_LIMIT}); default ${DEFAULT_TOKEN_HOLDER_LIMIT}`,
      ),
    ),
  ),
  after: v.optional(
    v.pipe(
      peerName("after"),
      v.description("only peers whose name sorts after this one (paging cursor)"),
    ),
  ),
});

/** A peer exactly as the gateway answers it. */
export const StrictPeerSchema = v.looseObject({
  name: v.string(),
  url: v.nullable(v.string()),
  capabilities: v.record(v.string(), v.unknown()),
  enabled: v.boolean(),
  last_health: v.nullable(isoTime),
  last_seen: v.nullable(isoTime),
  registered_at: v.nullable(isoTime),
});
export type StrictPeer = v.InferOutput<typeof StrictPeerSchema>;

/** A message exactly as the gateway answers it from `GET /messages`. */
export const StrictMessageSchema = v.looseObject({
  id: v.pipe(v.number(), v.integer()),
  from_node: v.string(),
  to_node: v.string(),
  kind: v.picklist(DM_KINDS),
  content: v.string(),
  created_at: isoTime,
  read_at: v.nullable(isoTime),
  related_task_id: v.nullable(v.string()),
  thread_id: v.nullable(v.string()),
  delivered_at: v.nullable(isoTime),
  answered_at: v.nullable(isoTime),
  answer_id: v.nullable(v.pipe(v.number(), v.integer())),
  reply_by: v.nullable(isoTime),
  expired_at: v.nullable(isoTime),
  state: v.picklist(MESSAGE_STATES),
});
export interface StrictMessage {
  id: number;
  from_node: string;
  to_node: string;
  kind: DmKind;
  content: string;
  created_at: string;
  read_at: string | null;
  related_task_id: string | null;
  thread_id: string | null;
  /** When the message first reached the recipient's own session (an admin read does not count). */
  delivered_at: string | null;
  /** When the recipient first answered this question in its thread, and with which message. */
  answered_at: string | null;
  answer_id: number | null;
  /** A question's deadline, and when it passed unanswered. */
  reply_by: string | null;
  expired_at: string | null;
  state: MessageState;
}

/** A receipt event on the sender's stream: a message it sent changed state. */
export const StrictReceiptSchema = v.object({
  message_id: v.pipe(v.number(), v.integer()),
  to_node: v.string(),
  state: v.picklist(MESSAGE_STATES),
  at: isoTime,
});
export interface StrictReceipt {
  message_id: number;
  to_node: string;
  state: MessageState;
  at: string;
}

/** The `POST /messages` answer exactly as the gateway gives it: a message without `content`. */
export const StrictSentMessageSchema = v.looseObject({
  id: v.pipe(v.number(), v.integer()),
  from_node: v.string(),
  to_node: v.string(),
  kind: v.picklist(DM_KINDS),
  thread_id: v.nullable(v.string()),
  created_at: isoTime,
  reply_by: v.nullable(isoTime),
  state: v.picklist(MESSAGE_STATES),
});

/** A row of `GET /threads` exactly as the gateway answers it. */
export const StrictThreadSchema = v.looseObject({
  thread_id: v.string(),
  peers: v.array(v.string()),
  messages: v.pipe(v.number(), v.integer()),
  unread: v.pipe(v.number(), v.integer()),
  first_id: v.pipe(v.number(), v.integer()),
  last_id: v.pipe(v.number(), v.integer()),
  last_at: isoTime,
  last_kind: v.picklist(DM_KINDS),
});
export interface StrictThread {
  thread_id: string;
  /** Every participant whose messages the caller may read, the caller included, sorted. */
  peers: string[];
  /** The thread's messages the caller may read. */
  messages: number;
  /** The caller's unread ones among them (the admin: every unread one). */
  unread: number;
  first_id: number;
  last_id: number;
  last_at: string;
  last_kind: DmKind;
}
export const ThreadListSchema = v.object({ threads: v.array(StrictThreadSchema) });

export const PeerListSchema = v.object({ peers: v.array(StrictPeerSchema) });
export const MessageListSchema = v.object({ messages: v.array(StrictMessageSchema) });
export const IssuedTokenSchema = v.object({ peer: v.string(), token: v.string() });
export const RevokedTokensSchema = v.object({ peer: v.string(), revoked: v.number() });
/** A peer holding live tokens, as `GET /admin/tokens` lists it: never a token or its hash. */
export const StrictTokenHolderSchema = v.looseObject({
  peer: v.string(),
  tokens: v.pipe(v.number(), v.integer()),
  first_issued_at: isoTime,
  last_issued_at: isoTime,
  registered: v.boolean(),
});
export interface StrictTokenHolder {
  peer: string;
  /** How many live tokens it holds. */
  tokens: number;
  first_issued_at: string;
  last_issued_at: string;
  /** Whether the peer is registered too; `false`: a token was issued before any registration. */
  registered: boolean;
}
export const TokenHolderListSchema = v.object({ holders: v.array(StrictTokenHolderSchema) });
/** Every error answer of the gateway: a code of the closed list and a sentence saying what to do. */
export const ErrorBodySchema = v.object({ error: v.picklist(ERROR_CODES), message: v.string() });
