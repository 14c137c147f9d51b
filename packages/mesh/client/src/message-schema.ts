import * as v from "valibot";

const optionalText = v.optional(v.nullable(v.string()), null);

const messageFields = {
  id: v.pipe(v.number(), v.integer()),
  from_node: v.string(),
  to_node: v.string(),
  // A plain string, not the enum: a gateway may learn a new kind before this client does.
  kind: v.string(),
  created_at: v.string(),
  read_at: optionalText,
  related_task_id: optionalText,
  thread_id: optionalText,
};

/**
 * A direct message as the gateway returns it from `GET /messages`. Field names stay snake_case,
 * `created_at` and `read_at` stay ISO strings, and unknown extra fields are kept.
 */
export const MessageSchema = v.looseObject({
  ...messageFields,
  content: optionalText,
});

/** A direct message read from an inbox; `read_at` is `null` while unread. */
export type Message = v.InferOutput<typeof MessageSchema>;

/**
 * The `POST /messages` success response: a message without `content`. A response that lacks
 * `content` is a successful send (the spec forbids treating it as a failure).
 */
export const SentMessageSchema = v.looseObject(messageFields);

/** The gateway's record of a message it accepted (no `content`). */
export type SentMessage = v.InferOutput<typeof SentMessageSchema>;
