import {
  DM_KINDS,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_WAIT_SECONDS,
  MessageSchema,
  PeerSchema,
  SentMessageSchema,
  ThreadSchema,
} from "@mesh/protocol";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { DEFAULT_TOOL_LIMIT, MAX_TOOL_LIMIT } from "./mcp-limits.js";

/** At most this many ids per `mark_read` call: one request each. */
export const MAX_MARK_READ_IDS = 100;

/** Longest `q` of `list_threads` and `search_messages`, in characters. */
const MAX_QUERY_LENGTH = 200;

const messageId = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const reference = (what: string) =>
  v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_REFERENCE_LENGTH), v.description(what));
const peerName = (what: string) => v.pipe(v.string(), v.minLength(1), v.description(what));

/** `limit`: 1 or more; above the most a result holds it counts as that, never an error. */
const limit = (what: string) =>
  v.optional(
    v.pipe(
      v.number(),
      v.safeInteger(),
      v.minValue(1),
      v.description(
        `${what} (default ${DEFAULT_TOOL_LIMIT}, at most ${MAX_TOOL_LIMIT}: a larger value counts as ${MAX_TOOL_LIMIT})`,
      ),
      v.transform((value) => Math.min(value, MAX_TOOL_LIMIT)),
    ),
    DEFAULT_TOOL_LIMIT,
  );
const query = (what: string) =>
  v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_QUERY_LENGTH), v.description(what));

export const ListPeersInput = v.strictObject({});

export const SendMessageInput = v.strictObject({
  to: peerName("recipient peer name, e.g. 'lab-ovh'"),
  kind: v.pipe(v.picklist(DM_KINDS), v.description("what the message is")),
  content: v.pipe(
    v.string(),
    v.description("message text; never put a credential here: it is refused"),
  ),
  thread_id: v.optional(reference("thread to file the message under; reuse it when answering")),
  related_task_id: v.optional(reference("task the message is about")),
  idempotency_key: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH),
      v.description(
        "any unique text; a second call with the same key returns the first message instead of sending again (default: derived from to, kind, thread_id, related_task_id and content, for 10 minutes)",
      ),
    ),
  ),
  resend: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        "true sends the message again even if the same call succeeded within the last 10 minutes",
      ),
    ),
    false,
  ),
});

export const CheckInboxInput = v.strictObject({
  unread_only: v.optional(
    v.pipe(v.boolean(), v.description("only messages not yet marked read")),
    true,
  ),
  limit: limit("most messages to return"),
  after_id: v.optional(
    v.pipe(messageId, v.description("only messages with a larger id (paging cursor)")),
  ),
});

export const MarkReadInput = v.strictObject({
  ids: v.pipe(
    v.array(messageId),
    v.minLength(1),
    v.maxLength(MAX_MARK_READ_IDS),
    v.description("ids of the messages you have handled"),
  ),
});

export const WaitForMessagesInput = v.strictObject({
  timeout_seconds: v.optional(
    v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_WAIT_SECONDS)),
    MAX_WAIT_SECONDS,
  ),
  after_id: v.optional(
    v.pipe(
      messageId,
      v.description(
        "only messages with a larger id; default: newer than any message this server already returned",
      ),
    ),
  ),
  limit: limit("most messages to return"),
});

export const GetThreadInput = v.strictObject({
  thread_id: reference("the thread to read"),
  after_id: v.optional(
    v.pipe(messageId, v.description("only messages with a larger id (paging cursor)")),
  ),
  limit: limit("most messages to return"),
});

export const ListThreadsInput = v.strictObject({
  q: v.optional(query("only threads with a message holding all these words")),
  before_id: v.optional(
    v.pipe(
      messageId,
      v.description("only threads whose last message id is smaller (paging cursor)"),
    ),
  ),
  limit: limit("most threads to return"),
});

export const SearchMessagesInput = v.strictObject({
  q: query("words that must all occur in a message, case-insensitive"),
  with: v.optional(peerName("only messages between you and this peer")),
  after_id: v.optional(
    v.pipe(messageId, v.description("only messages with a larger id (paging cursor)")),
  ),
  limit: limit("most messages to return"),
});

export const RegisterInput = v.strictObject({
  capabilities: v.optional(
    v.pipe(
      v.record(v.string(), v.unknown()),
      v.description(
        'what this agent offers, e.g. { "skills": ["review"] }; replaces the registered ones (default: keep them)',
      ),
    ),
  ),
});

const hasMore = v.pipe(
  v.boolean(),
  v.description("true when more exist: page on with after_id (or a larger limit)"),
);

export const PeersOutput = v.object({ peers: v.array(PeerSchema) });
export const PeerOutput = v.object({ peer: PeerSchema });
export const MessagesOutput = v.object({ messages: v.array(MessageSchema), has_more: hasMore });
export const ThreadsOutput = v.object({
  threads: v.array(ThreadSchema),
  has_more: hasMore,
});
export const SentOutput = v.object({
  message: v.nullable(SentMessageSchema),
  repeated: v.pipe(
    v.boolean(),
    v.description("true when this call repeated an earlier one and nothing new was sent"),
  ),
});
export const MarkedOutput = v.object({
  marked: v.array(messageId),
  notFound: v.array(messageId),
});

/** A JSON Schema object as MCP carries it (`type: "object"` at the top). */
export type ObjectJsonSchema = { type: "object"; [key: string]: unknown };

/**
 * The JSON Schema of a valibot schema, for `tools/list`. Without `$schema`: MCP clients validate
 * with their own draft, and a draft-07 marker would make a 2020-12 validator refuse the schema.
 */
export function jsonSchemaOf(
  schema: v.GenericSchema,
  typeMode: "input" | "output",
): ObjectJsonSchema {
  const { $schema: _draft, ...rest } = toJsonSchema(schema, { errorMode: "ignore", typeMode });
  return { ...rest, type: "object" };
}
