import { IDEMPOTENCY_WINDOW_MS, MAX_IDEMPOTENCY_KEY_LENGTH, SendBodySchema } from "@mesh/protocol";
import { KNOWN_SECRET_RULE_ID } from "@mesh/secret-guard";
import type { FastifyRequest } from "fastify";
import { requireSelf } from "../access-checks.js";
import type {
  IdempotencyOptions,
  InsertRefusal,
  InsertResult,
  NewMessage,
} from "../gateway-storage.js";
import { HttpError } from "../http-error.js";
import { repeatOf } from "../repeat-of.js";
import { replyByOf } from "../reply-by.js";
import { type RequestState, stateOf } from "../request-state.js";
import { validateInput } from "../validate-input.js";
import { defineRoute, type RouteContext } from "./gateway-route-record.js";
import { COMMON, errors, json } from "./openapi-parts.js";

/** `POST /messages`: a direct message, checked by the content guard, stored once per key. */
export const SEND_MESSAGE_ROUTE = defineRoute({
  method: "POST",
  path: "/messages",
  operationId: "sendMessage",
  summary: "Send a direct message",
  auth: "token",
  parameters: [
    {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      schema: { type: "string", minLength: 1, maxLength: 200 },
      description:
        "a repeat of the same message from the same sender within 24 h returns the first message; a different message under the same key is 409",
    },
    {
      name: "Mesh-Secret-Check",
      in: "header",
      required: false,
      schema: { type: "string", enum: ["skip"] },
      description:
        "skip: a reviewed false positive; the generic credential rules are skipped, the gateway's own tokens never",
    },
  ],
  body: SendBodySchema,
  responses: {
    "201": json("SentMessage", "stored"),
    "200": json("SentMessage", "repeat of an Idempotency-Key: the first message"),
    ...errors(400, 403, 404, 409, 413, 422, ...COMMON),
  },
  handler: (context) => async (request, reply) => {
    const state = stateOf(request);
    const body = validateInput(SendBodySchema, request.body, "invalid_body");
    requireSelf(state, body.from_node, "send");
    state.peer = body.from_node;
    const idempotencyKey = readIdempotencyKey(request);
    const input: NewMessage = {
      fromNode: body.from_node,
      toNode: body.to_node,
      kind: body.kind,
      content: body.content,
      relatedTaskId: body.related_task_id ?? null,
      threadId: body.thread_id ?? null,
      replyBy: replyByOf(body.reply_by, body.kind),
    };
    const idempotency =
      idempotencyKey === undefined
        ? undefined
        : {
            key: idempotencyKey,
            notBefore: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS).toISOString(),
          };
    const result = await guardedInsert(context, request, state, input, idempotency);
    if (result.refused !== undefined) throw refusal(result.refused, body.from_node, body.to_node);
    const { message, created } = result;
    if (created) context.metrics.messagesStored.inc();
    return reply.code(created ? 201 : 200).send({
      id: message.id,
      from_node: message.from_node,
      to_node: message.to_node,
      kind: message.kind,
      thread_id: message.thread_id,
      created_at: message.created_at,
      reply_by: message.reply_by,
      state: message.state,
    });
  },
});

/**
 * Runs the content guard, then stores the message. The key lookup comes first: the repeat of
 * an acknowledged send gets the stored message whatever the guard says of it now (looked up
 * only when the guard refuses; otherwise the insert looks the key up first, atomically).
 */
async function guardedInsert(
  { guard, holdsOwnToken, storage, metrics }: RouteContext,
  request: FastifyRequest,
  state: RequestState,
  message: NewMessage,
  idempotency: IdempotencyOptions | undefined,
): Promise<InsertResult> {
  let checked = await guard(message.content, request.headers["mesh-secret-check"] === "skip");
  // Every peer in a thread reads its id: the gateway's own tokens are refused there too.
  if (
    checked.refused === undefined &&
    (await holdsOwnToken([message.threadId, message.relatedTaskId]))
  ) {
    checked = { refused: KNOWN_SECRET_RULE_ID };
  }
  if (checked.skipped !== undefined) {
    state.logFields = { secret_check: "skipped", rule: checked.skipped };
  }
  if (checked.refused !== undefined) {
    const first =
      idempotency === undefined
        ? undefined
        : await storage.findIdempotent(message.fromNode, idempotency.key, idempotency.notBefore);
    if (first !== undefined) return repeatOf(first, message);
    metrics.secretRefusals.inc({ rule: checked.refused });
    throw new HttpError({
      code: "secret_detected",
      message: `the message (content, thread_id or related_task_id) matches the credential rule '${checked.refused}'; credentials travel out of band, never in a DM`,
      details: { rule: checked.refused },
    });
  }
  return storage.insertMessage(message, idempotency);
}

/** The reply to a send the storage refused. */
function refusal(refused: InsertRefusal, from: string, to: string): HttpError {
  switch (refused) {
    case "unknown_recipient":
      return new HttpError({
        code: "unknown_recipient",
        message: `no peer named '${to}' is registered; recipients must register first`,
      });
    case "recipient_disabled":
      return new HttpError({
        code: "recipient_disabled",
        message: `peer '${to}' is disabled and does not accept messages`,
      });
    case "sender_disabled":
      return new HttpError({
        code: "sender_disabled",
        message: `peer '${from}' is disabled: it may read its inbox but not send`,
      });
    case "idempotency_key_conflict":
      return new HttpError({
        code: "idempotency_key_conflict",
        message:
          "this Idempotency-Key was already used for a different message; use a fresh key for a new message",
      });
  }
}

function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return undefined;
  // Node joins a repeated header into one value: count the raw headers instead.
  let given = 0;
  const raw = request.raw.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.toLowerCase() === "idempotency-key") given++;
  }
  if (
    given !== 1 ||
    typeof value !== "string" ||
    value.length < 1 ||
    value.length > MAX_IDEMPOTENCY_KEY_LENGTH
  ) {
    throw new HttpError({
      code: "invalid_idempotency_key",
      message: `Idempotency-Key must be given once, 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    });
  }
  return value;
}
