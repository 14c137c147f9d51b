import * as v from "valibot";
import {
  StrictMessageSchema,
  StrictPeerSchema,
  StrictReceiptSchema,
  StrictSentMessageSchema,
  StrictThreadSchema,
} from "./strict-schemas.js";

/*
 * The client's side of the wire: the gateway's answers read tolerantly, as the spec asks
 * ("extra fields may appear and must be accepted and kept"; optional fields may be absent).
 * Derived from the strict schemas: the field set is theirs, only the leniency differs.
 */

const optionalText = v.optional(v.nullable(v.string()), null);

/** A JSON object with free-form keys (not an array, not null). */
export const FreeFormObjectSchema = v.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "expected an object",
);

/**
 * A peer as the gateway returns it (`GET /peers`, `POST /peers/register`). Field names stay
 * snake_case as on the wire, timestamps stay ISO strings, and unknown extra fields are kept.
 * Absent optional fields get the spec's defaults.
 */
export const PeerSchema = v.looseObject({
  ...StrictPeerSchema.entries,
  url: optionalText,
  capabilities: v.pipe(
    v.optional(v.nullable(FreeFormObjectSchema), null),
    v.transform((value) => value ?? {}),
  ),
  enabled: v.optional(v.boolean(), true),
  last_health: optionalText,
  last_seen: optionalText,
  registered_at: optionalText,
});

/** A registered peer of the mesh. */
export type Peer = v.InferOutput<typeof PeerSchema>;

const messageFields = {
  ...StrictSentMessageSchema.entries,
  // A plain string, not the enum: a gateway may learn a new kind before this client does.
  kind: v.string(),
  created_at: v.string(),
  read_at: optionalText,
  related_task_id: optionalText,
  thread_id: optionalText,
  reply_by: v.optional(v.nullable(v.string())),
  // A plain string: a gateway may learn a new state before this client does; absent from a
  // gateway without receipts.
  state: v.optional(v.string()),
};

/** The receipt fields of a message: absent from a gateway that predates receipts. */
const receiptFields = {
  delivered_at: v.optional(v.nullable(v.string())),
  answered_at: v.optional(v.nullable(v.string())),
  answer_id: v.optional(v.nullable(v.number())),
  expired_at: v.optional(v.nullable(v.string())),
};

/**
 * A direct message as the gateway returns it from `GET /messages`. Field names stay snake_case,
 * `created_at` and `read_at` stay ISO strings, and unknown extra fields are kept.
 */
export const MessageSchema = v.looseObject({
  ...StrictMessageSchema.entries,
  ...messageFields,
  ...receiptFields,
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

/** A list answer: the spec allows a bare array or an object with the array under `key`. */
function listBody<const TKey extends string>(key: TKey) {
  return v.pipe(
    v.union([v.array(v.unknown()), v.looseObject({ [key]: v.array(v.unknown()) })]),
    v.transform((body): unknown[] =>
      Array.isArray(body) ? body : (body as Record<TKey, unknown[]>)[key],
    ),
  );
}

/** A receipt event as a client reads it: unknown fields kept, `state` any string. */
export const ReceiptSchema = v.looseObject({
  ...StrictReceiptSchema.entries,
  state: v.string(),
});

/** A message the caller sent changed state (`delivered`, `read`, `answered`, `expired`). */
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

/** A `GET /peers` body, either shape, as its array of (not yet checked) entries. */
export const PeerListBodySchema = listBody("peers");

/** A `GET /threads` row as a client reads it: unknown fields kept, `last_kind` any string. */
export const ThreadSchema = v.looseObject({
  ...StrictThreadSchema.entries,
  last_kind: v.string(),
});

/** A conversation the caller took part in. */
export type Thread = v.InferOutput<typeof ThreadSchema>;

/** A `GET /threads` body, either shape, as its array of (not yet checked) entries. */
export const ThreadListBodySchema = listBody("threads");

/** A `GET /messages` body, either shape, as its array of (not yet checked) entries. */
export const MessageListBodySchema = listBody("messages");

/** An error answer as a client reads it: both fields optional, any code (a newer gateway may add one). */
export const ErrorBodyLooseSchema = v.looseObject({
  error: v.optional(v.string()),
  message: v.optional(v.string()),
});
