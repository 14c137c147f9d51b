import {
  DEFAULT_MESSAGE_LIMIT,
  formatBytes,
  MAX_MESSAGE_LIMIT,
  MAX_PAGE_BYTES,
  MAX_WAIT_SECONDS,
  MessagesQuerySchema,
} from "@mesh/protocol";
import { readingOf } from "../access-checks.js";
import type { GatewayStorage, MessageQuery, MessagesJson } from "../gateway-storage.js";
import { HttpError } from "../http-error.js";
import { deliveredPage, sessionRecipient } from "../message-delivery.js";
import { type MessagePage, nextLink, toMessagesJson } from "../message-page.js";
import type { Reading } from "../message-reading.js";
import { isFiltered } from "../message-sql.js";
import { messageIdParam } from "../path-params.js";
import { type RequestState, stateOf } from "../request-state.js";
import { validateInput } from "../validate-input.js";
import { defineRoute } from "./gateway-route-record.js";
import { COMMON, errors, json, LINK_HEADER, MESSAGE_ID_PARAMETER } from "./openapi-parts.js";

/** `GET /messages`: a page of messages, or a long-poll (`wait`) for the next ones. */
export const LIST_MESSAGES_ROUTE = defineRoute({
  method: "GET",
  path: "/messages",
  operationId: "listMessages",
  summary: "Read messages, oldest first; a reply to the recipient's own token delivers them",
  auth: "token",
  query: MessagesQuerySchema,
  undocumentedQuery: ["receipts"],
  responses: {
    "200": {
      ...json(
        "MessageList",
        `the messages (at most ${formatBytes(MAX_PAGE_BYTES)} of JSON per page)`,
      ),
      headers: { Link: LINK_HEADER },
    },
    ...errors(400, 403, ...COMMON),
  },
  handler: (context) => async (request, reply) => {
    const { storage, waiters, peerWaits, authenticate, touch } = context;
    const state = stateOf(request);
    const query = validateInput(MessagesQuerySchema, request.query, "invalid_query");
    const reading = readingOf(state, query);
    let limit = DEFAULT_MESSAGE_LIMIT;
    if (query.limit !== undefined) {
      const parsed = Number(query.limit);
      if (parsed < 1)
        throw new HttpError({ code: "invalid_query", message: "limit must be at least 1" });
      limit = Math.min(parsed, MAX_MESSAGE_LIMIT);
    }
    const afterId =
      query.after_id === undefined
        ? undefined
        : Math.min(Number(query.after_id), Number.MAX_SAFE_INTEGER);
    const waitMs =
      query.wait === undefined ? 0 : Math.min(Number(query.wait), MAX_WAIT_SECONDS) * 1000;
    const unreadOnly = query.unread_only === "true" || query.unread_only === "1";
    const now = Date.now();
    const owner = inboxOwner(state, reading);
    if (owner !== undefined) await touch(owner, now);

    // A cursor reading asks one row more than a page, to know whether another page follows.
    const paged = afterId !== undefined || isFiltered(reading);
    const filter: MessageQuery = {
      ...reading,
      state: query.state,
      unreadOnly,
      afterId,
      limit: paged ? limit + 1 : limit,
      // Rows past a page's bytes are never loaded, however many `limit` allows.
      maxBytes: MAX_PAGE_BYTES,
    };
    const send = (page: MessagePage) => {
      if (page.nextAfter !== undefined) {
        reply.header("link", nextLink(request.url, "/messages", "after_id", page.nextAfter));
      }
      return reply.type("application/json; charset=utf-8").send(`{"messages":${page.json}}`);
    };
    const recipient = sessionRecipient(state.identity, reading);
    const readPage = async () =>
      deliveredPage(storage, await listJson(storage, filter), limit, recipient);
    let page = await readPage();
    if (page.count > 0 || waitMs <= 0) return send(page);

    // Long-poll: the waiter is registered before each read, so a message committed between the
    // read and the wait still wakes it; stop at the deadline or on disconnect.
    const deadline = now + waitMs;
    const abort = new AbortController();
    const onClose = () => abort.abort();
    reply.raw.once("close", onClose);
    let accessChanged = false;
    const identity = state.identity;
    const stopWatching =
      identity.mode === "peer"
        ? peerWaits.add(identity.peer, () => {
            accessChanged = true;
            abort.abort();
          })
        : () => {};
    try {
      while (page.count === 0 && !abort.signal.aborted && !waiters.closed) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) break;
        const woken = waiters.next(reading.to, remaining, abort.signal);
        page = await readPage();
        if (page.count === 0) await woken;
      }
    } finally {
      stopWatching();
      reply.raw.off("close", onClose);
      abort.abort();
    }
    // Revoked: the token no longer authenticates (401); disabled: the page as it stands.
    if (accessChanged) await authenticate(request.headers.authorization);
    return send(page);
  },
});

/** `GET /messages/{msg_id}`: one message, for its sender, its recipient or the admin. */
export const GET_MESSAGE_ROUTE = defineRoute<{ Params: { msg_id: string } }>({
  method: "GET",
  path: "/messages/:msg_id",
  operationId: "getMessage",
  summary: "One message, for its sender, its recipient or the admin",
  auth: "token",
  parameters: [MESSAGE_ID_PARAMETER],
  responses: {
    "200": json("Message", "the message"),
    ...errors(400, 404, ...COMMON),
  },
  handler:
    ({ storage }) =>
    async (request) => {
      const state = stateOf(request);
      const { id, notFound } = messageIdParam(request.params.msg_id);
      const message = await storage.getMessage(id);
      // Someone else's message reads exactly as a missing one, so ids cannot be probed.
      if (message === undefined) throw notFound();
      if (
        state.identity.mode === "peer" &&
        message.from_node !== state.identity.peer &&
        message.to_node !== state.identity.peer
      ) {
        throw notFound();
      }
      return message;
    },
});

/** `POST /messages/{msg_id}/read`: marks a message of the caller's inbox read. */
export const MARK_MESSAGE_READ_ROUTE = defineRoute<{ Params: { msg_id: string } }>({
  method: "POST",
  path: "/messages/:msg_id/read",
  operationId: "markMessageRead",
  summary: "Mark a message read (the first mark's time is kept)",
  auth: "token",
  parameters: [MESSAGE_ID_PARAMETER],
  responses: { "200": json("Message", "the message"), ...errors(400, 404, ...COMMON) },
  handler:
    ({ storage }) =>
    async (request) => {
      const state = stateOf(request);
      const { id, notFound } = messageIdParam(request.params.msg_id);
      // Someone else's message reads exactly as a missing one, so ids cannot be probed.
      if (state.identity.mode === "peer") {
        const message = await storage.getMessage(id);
        if (message === undefined || message.to_node !== state.identity.peer) throw notFound();
      }
      const message = await storage.markRead(id, new Date().toISOString());
      if (message === undefined) throw notFound();
      state.peer ??= message.to_node;
      return message;
    },
});

/** The messages as JSON text: built by the database where the back end can. */
async function listJson(storage: GatewayStorage, filter: MessageQuery): Promise<MessagesJson> {
  return storage.listMessagesJson === undefined
    ? toMessagesJson(await storage.listMessages(filter))
    : storage.listMessagesJson(filter);
}

/**
 * Whose `last_seen` a read moves: the peer reading its own inbox (open mode: the inbox named by
 * `to`). The admin reading an inbox does not move it.
 */
function inboxOwner(state: RequestState, reading: Reading): string | undefined {
  const { identity } = state;
  if (identity.mode === "admin" || reading.to === undefined) return undefined;
  return identity.mode === "open" || reading.to === identity.peer ? reading.to : undefined;
}
