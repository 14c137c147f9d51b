import {
  DEFAULT_MESSAGE_LIMIT,
  DM_KINDS,
  MAX_MESSAGE_LIMIT,
  MAX_REFERENCE_LENGTH,
  MAX_WAIT_SECONDS,
  MessageSchema,
  MIN_MESSAGE_LIMIT,
  PeerSchema,
  SentMessageSchema,
} from "@mesh/protocol";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";

/** At most this many ids per `mark_read` call: one request each. */
export const MAX_MARK_READ_IDS = 100;

const messageId = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const reference = (what: string) =>
  v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_REFERENCE_LENGTH), v.description(what));

export const ListPeersInput = v.strictObject({});

export const SendMessageInput = v.strictObject({
  to: v.pipe(v.string(), v.minLength(1), v.description("recipient peer name, e.g. 'lab-ovh'")),
  kind: v.pipe(v.picklist(DM_KINDS), v.description("what the message is")),
  content: v.pipe(
    v.string(),
    v.description("message text; never put a credential here: it is refused"),
  ),
  thread_id: v.optional(reference("thread to file the message under; reuse it when answering")),
  related_task_id: v.optional(reference("task the message is about")),
});

export const CheckInboxInput = v.strictObject({
  unread_only: v.optional(
    v.pipe(v.boolean(), v.description("only messages not yet marked read")),
    true,
  ),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.safeInteger(),
      v.minValue(MIN_MESSAGE_LIMIT),
      v.maxValue(MAX_MESSAGE_LIMIT),
    ),
    DEFAULT_MESSAGE_LIMIT,
  ),
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
});

export const GetThreadInput = v.strictObject({
  thread_id: reference("the thread to read"),
});

export const PeersOutput = v.object({ peers: v.array(PeerSchema) });
export const MessagesOutput = v.object({ messages: v.array(MessageSchema) });
export const SentOutput = v.object({ message: v.nullable(SentMessageSchema) });
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
