import {
  ErrorBodySchema,
  formatBytes,
  IssuedTokenSchema,
  IssueTokenBodySchema,
  MAX_BODY_BYTES,
  MAX_CONTENT_BYTES,
  MAX_PAGE_BYTES,
  MessageListSchema,
  StrictMessageSchema as MessageSchema,
  MessagesQuerySchema,
  PatchPeerBodySchema,
  PEER_NAME_PATTERN,
  PeerListSchema,
  StrictPeerSchema as PeerSchema,
  RegisterBodySchema,
  RevokedTokensSchema,
  SendBodySchema,
  StrictSentMessageSchema as SentMessageSchema,
  STREAM_PING_MS,
  StrictThreadSchema,
  ThreadListSchema,
  ThreadsQuerySchema,
} from "@mesh/protocol";
import { type ConversionConfig, toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { GATEWAY_ROUTES, type GatewayOperationId, openApiPath } from "./gateway-routes.js";
import { MAX_REGISTRATION_BYTES, MAX_REGISTRATION_KEYS } from "./registration-limits.js";

type JsonObject = Record<string, unknown>;

const CONVERSION: ConversionConfig = {
  target: "draft-2020-12",
  // Checks JSON Schema cannot express keep the schema as is; the description says the rest.
  overrideAction: ({ valibotAction, jsonSchema }) => {
    if (valibotAction.type === "max_bytes") {
      return { ...jsonSchema, description: `at most ${MAX_CONTENT_BYTES} bytes of UTF-8` };
    }
    if (valibotAction.type === "excludes" || valibotAction.type === "check") return jsonSchema;
    return undefined;
  },
};

function schemaOf(schema: v.GenericSchema): JsonObject {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, CONVERSION) as JsonObject;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string, description: string) => ({
  description,
  content: { "application/json": { schema: ref(name) } },
});
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), json("Error", ERROR_TEXT[status]!)]),
  );
const body = (name: string) => ({
  required: true,
  content: { "application/json": { schema: ref(name) } },
});

const ERROR_TEXT: Record<number, string> = {
  400: "invalid_json, invalid_body, invalid_query, invalid_name, invalid_text, unknown_kind, invalid_id, invalid_idempotency_key",
  401: "unauthorized: missing or unknown token",
  403: "forbidden: the token's peer acts outside its rights; sender_disabled: a disabled peer sends",
  404: "not_found or unknown_recipient (another peer's message id reads as not_found)",
  408: "request_timeout: the headers or body did not arrive in time",
  409: "recipient_disabled, idempotency_key_conflict",
  413: `payload_too_large: body over ${formatBytes(MAX_BODY_BYTES)}, content over ${formatBytes(MAX_CONTENT_BYTES)}, registration over ${MAX_REGISTRATION_KEYS} keys or ${formatBytes(MAX_REGISTRATION_BYTES)}`,
  422: "secret_detected: the content carries a credential (`rule` names it, never the text)",
  429: "rate_limited: too many requests for this token or failed authentications; see Retry-After",
  503: "overloaded (too many bodies in memory; see Retry-After) or unavailable (the database)",
};
/** The `Link` header of a reply with more rows than its page (RFC 8288). */
const LINK_HEADER = {
  description:
    'present when more rows match than the page holds: `</messages?...&after_id=N>; rel="next"` (`before_id` for threads), the same filters, relative to the request URL',
  schema: { type: "string" },
};

/** Errors any authenticated request can get on an open network. */
const COMMON = [401, 408, 429, 503] as const;

/** The document's `paths`: each documented route of `GATEWAY_ROUTES` with its operation. */
function apiPaths(operations: Record<GatewayOperationId, JsonObject>): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of GATEWAY_ROUTES) {
    if (!("operationId" in route)) continue;
    const path = openApiPath(route.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    item[route.method.toLowerCase()] = {
      operationId: route.operationId,
      ...operations[route.operationId],
    };
  }
  return paths;
}

/** The OpenAPI 3.1 document of the gateway, generated from the schemas that validate requests. */
export function buildOpenApiDocument(): JsonObject {
  const querySchema = schemaOf(MessagesQuerySchema) as { properties: Record<string, JsonObject> };
  const queryParameters = Object.entries(querySchema.properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    schema,
  }));
  const threadSchema = schemaOf(ThreadsQuerySchema) as { properties: Record<string, JsonObject> };
  const threadParameters = Object.entries(threadSchema.properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    schema,
  }));
  const nameParameter = (name: string) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string", pattern: PEER_NAME_PATTERN.source },
  });
  const operations: Record<GatewayOperationId, JsonObject> = {
    getHealth: {
      summary: "Liveness and database reachability",
      security: [],
      responses: {
        "200": { description: "ok", content: { "text/plain": { schema: { type: "string" } } } },
        "503": { description: "database unavailable" },
      },
    },
    listPeers: {
      summary: "List registered peers",
      responses: { "200": json("PeerList", "the peers"), ...errors(...COMMON) },
    },
    registerPeer: {
      summary: "Register or re-register a peer (upsert by name)",
      requestBody: body("RegisterRequest"),
      responses: {
        "201": json("Peer", "first registration"),
        "200": json("Peer", "re-registration"),
        ...errors(400, 403, 413, ...COMMON),
      },
    },
    setPeerEnabled: {
      summary: "Enable or disable a peer (admin)",
      parameters: [nameParameter("name")],
      requestBody: body("PatchPeerRequest"),
      responses: { "200": json("Peer", "the peer"), ...errors(400, 403, 404, ...COMMON) },
    },
    listMessages: {
      summary: "Read messages, oldest first",
      parameters: queryParameters,
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
    },
    sendMessage: {
      summary: "Send a direct message",
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
      requestBody: body("SendRequest"),
      responses: {
        "201": json("SentMessage", "stored"),
        "200": json("SentMessage", "repeat of an Idempotency-Key: the first message"),
        ...errors(400, 403, 404, 409, 413, 422, ...COMMON),
      },
    },
    streamMessages: {
      summary: "Server-Sent Events of new messages (event: message, id: message id)",
      parameters: [
        ...queryParameters.filter(({ name }) => !["limit", "wait", "q"].includes(name)),
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
    },
    getMessage: {
      summary: "One message, for its sender, its recipient or the admin",
      parameters: [
        { name: "msg_id", in: "path", required: true, schema: { type: "integer", minimum: 0 } },
      ],
      responses: {
        "200": json("Message", "the message"),
        ...errors(400, 404, ...COMMON),
      },
    },
    listThreads: {
      summary: "The threads the caller took part in (admin: all, or peer=), newest activity first",
      parameters: threadParameters,
      responses: {
        "200": {
          ...json("ThreadList", "the threads"),
          headers: { Link: LINK_HEADER },
        },
        ...errors(400, 403, ...COMMON),
      },
    },
    markMessageRead: {
      summary: "Mark a message read (the first mark's time is kept)",
      parameters: [
        { name: "msg_id", in: "path", required: true, schema: { type: "integer", minimum: 0 } },
      ],
      responses: { "200": json("Message", "the message"), ...errors(400, 404, ...COMMON) },
    },
    issueToken: {
      summary: "Issue a peer token (admin); the token is shown only here",
      requestBody: body("IssueTokenRequest"),
      responses: {
        "201": json("IssuedToken", "the new token"),
        ...errors(400, 403, ...COMMON),
      },
    },
    revokeTokens: {
      summary: "Revoke every token of a peer (admin)",
      parameters: [nameParameter("peer")],
      responses: {
        "200": json("RevokedTokens", "how many"),
        ...errors(400, 403, ...COMMON),
      },
    },
    getMetrics: {
      summary: "Prometheus metrics (admin token when one is configured)",
      responses: {
        "200": {
          description: "the Prometheus text exposition format",
          content: { "text/plain": { schema: { type: "string" } } },
        },
        ...errors(403, ...COMMON),
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "mesh gateway",
      version: "1",
      description:
        "Peer registry and direct messages. Errors are JSON { error, message }. Without an admin token configured the gateway runs in open mode and needs no token.",
    },
    security: [{ bearer: [] }],
    paths: apiPaths(operations),
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Peer: schemaOf(PeerSchema),
        PeerList: schemaOf(PeerListSchema),
        Message: schemaOf(MessageSchema),
        MessageList: schemaOf(MessageListSchema),
        Thread: schemaOf(StrictThreadSchema),
        ThreadList: schemaOf(ThreadListSchema),
        SentMessage: schemaOf(SentMessageSchema),
        RegisterRequest: schemaOf(RegisterBodySchema),
        SendRequest: schemaOf(SendBodySchema),
        PatchPeerRequest: schemaOf(PatchPeerBodySchema),
        IssueTokenRequest: schemaOf(IssueTokenBodySchema),
        IssuedToken: schemaOf(IssuedTokenSchema),
        RevokedTokens: schemaOf(RevokedTokensSchema),
        Error: schemaOf(ErrorBodySchema),
      },
    },
  };
}
