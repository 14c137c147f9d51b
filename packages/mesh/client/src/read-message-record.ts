import { type Message, MessageSchema, type SentMessage, SentMessageSchema } from "@mesh/protocol";

/*
 * The tolerant message schemas of @mesh/protocol, checked by hand: valibot's generic walk costs
 * more per row than parsing the row's JSON. A row this reader refuses goes to the schema, which
 * says what is wrong (or, should the two ever disagree, accepts it). A property test holds both
 * to the same verdict and the same output.
 */

/** The schemas' own fields; every other key of a row is kept as is. */
const MESSAGE_KEYS = new Set(Object.keys(MessageSchema.entries));
const SENT_MESSAGE_KEYS = new Set(Object.keys(SentMessageSchema.entries));
/** Keys valibot never copies to an output object. */
const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * A message row as `MessageSchema` (with `content`) or `SentMessageSchema` (without) reads it:
 * the same output, defaults filled and unknown fields kept; `undefined` when the row does not fit.
 */
export function readMessageRecord(row: unknown, withContent: true): Message | undefined;
export function readMessageRecord(row: unknown, withContent: false): SentMessage | undefined;
export function readMessageRecord(
  row: unknown,
  withContent: boolean,
): Message | SentMessage | undefined {
  if (typeof row !== "object" || row === null) return undefined;
  const input = row as Record<string, unknown>;
  const { id, from_node, to_node, kind, created_at } = input;
  if (
    typeof id !== "number" ||
    !Number.isInteger(id) ||
    typeof from_node !== "string" ||
    typeof to_node !== "string" ||
    typeof kind !== "string" ||
    typeof created_at !== "string"
  ) {
    return undefined;
  }
  const read_at = optionalText(input["read_at"]);
  const related_task_id = optionalText(input["related_task_id"]);
  const thread_id = optionalText(input["thread_id"]);
  if (read_at === undefined || related_task_id === undefined || thread_id === undefined) {
    return undefined;
  }
  // Built in the schemas' field order, so even the key order matches valibot's output.
  let output: Record<string, unknown>;
  if (withContent) {
    const content = optionalText(input["content"]);
    if (content === undefined) return undefined;
    output = { id, from_node, to_node, kind, content, created_at, read_at, related_task_id };
    output["thread_id"] = thread_id;
    if (!copyReceiptFields(input, output, MESSAGE_RECEIPT_FIELDS)) return undefined;
  } else {
    output = { id, from_node, to_node, kind, thread_id, created_at };
    if (!copyReceiptFields(input, output, SENT_RECEIPT_FIELDS)) return undefined;
    output["read_at"] = read_at;
    output["related_task_id"] = related_task_id;
  }
  const known = withContent ? MESSAGE_KEYS : SENT_MESSAGE_KEYS;
  for (const key in input) {
    if (!known.has(key) && Object.hasOwn(input, key) && !UNSAFE_KEYS.has(key)) {
      output[key] = input[key];
    }
  }
  return output as Message | SentMessage;
}

/** A receipt field's check: whether a present value fits its schema (absent ones are left out). */
type FieldCheck = (value: unknown) => boolean;
const nullableText: FieldCheck = (value) => value === null || typeof value === "string";
const nullableNumber: FieldCheck = (value) =>
  value === null || (typeof value === "number" && !Number.isNaN(value));
const text: FieldCheck = (value) => typeof value === "string";

/** The receipt fields of `MessageSchema` and of `SentMessageSchema`, in their field order. */
const MESSAGE_RECEIPT_FIELDS: ReadonlyArray<readonly [string, FieldCheck]> = [
  ["delivered_at", nullableText],
  ["answered_at", nullableText],
  ["answer_id", nullableNumber],
  ["reply_by", nullableText],
  ["expired_at", nullableText],
  ["state", text],
];
const SENT_RECEIPT_FIELDS: ReadonlyArray<readonly [string, FieldCheck]> = [
  ["reply_by", nullableText],
  ["state", text],
];

/** Copies the present `fields` of `input` to `output`; false when one does not fit. */
function copyReceiptFields(
  input: Record<string, unknown>,
  output: Record<string, unknown>,
  fields: ReadonlyArray<readonly [string, FieldCheck]>,
): boolean {
  for (const [key, fits] of fields) {
    // As valibot's optional entries: a key present (even inherited or undefined) is copied.
    if (!(key in input)) continue;
    const value = input[key];
    if (value !== undefined && !fits(value)) return false;
    output[key] = value;
  }
  return true;
}

/** `optional(nullable(string), null)`: the text, `null` when null or absent, `undefined` when neither. */
function optionalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value : undefined;
}
