import { MessagesQuerySchema, STREAM_PING_MS } from "@mesh/protocol";
import { defineRoute } from "./gateway-route-record.js";
import { errors, json } from "./openapi-parts.js";

/**
 * `GET /messages/stream`: Server-Sent Events of new messages; the handler and its open streams
 * live in `registerStreamRoute` (the app shares them, to end a revoked peer's streams).
 */
export const STREAM_MESSAGES_ROUTE = defineRoute({
  method: "GET",
  path: "/messages/stream",
  operationId: "streamMessages",
  summary:
    "Server-Sent Events of new messages (event: message, id: message id) and, on the sender's stream, receipts (event: receipt, data: Receipt, no id, not resumed)",
  auth: "token",
  head: false,
  query: MessagesQuerySchema,
  undocumentedQuery: ["limit", "wait", "q", "state"],
  parameters: [
    {
      name: "Last-Event-ID",
      in: "header",
      required: false,
      schema: { type: "string", pattern: "^\\d+$" },
      description: "resume after this message id (wins over after_id)",
    },
  ],
  responses: {
    "200": {
      description: `the stream; headers are sent at once, then one event per message in id order and a ': ping' comment every ${STREAM_PING_MS / 1000} s`,
      content: { "text/event-stream": { schema: { type: "string" } } },
    },
    ...errors(400, 401, 403),
    "429": json("Error", "rate_limited: this peer token holds too many open streams"),
    "503": json("Error", "overloaded: too many open streams on this gateway"),
  },
  handler: ({ streamHandler }) => streamHandler,
});
