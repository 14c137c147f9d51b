import {
  ErrorBodySchema,
  IssuedTokenSchema,
  IssueTokenBodySchema,
  MAX_CONTENT_BYTES,
  MessageListSchema,
  StrictMessageSchema as MessageSchema,
  PatchPeerBodySchema,
  PeerListSchema,
  StrictPeerSchema as PeerSchema,
  RegisterBodySchema,
  RevokedTokensSchema,
  SendBodySchema,
  StrictSentMessageSchema as SentMessageSchema,
  StrictReceiptSchema,
  StrictThreadSchema,
  StrictTokenHolderSchema,
  ThreadListSchema,
  TokenHolderListSchema,
} from "@mesh/protocol";
import { type ConversionConfig, toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { GATEWAY_ROUTES, openApiPath } from "./gateway-routes.js";
import type { GatewayRouteRecord } from "./routes/gateway-route-record.js";

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

/** The document's schemas; a route's body refers to its schema's entry. */
const COMPONENTS: ReadonlyArray<readonly [string, v.GenericSchema]> = [
  ["Peer", PeerSchema],
  ["PeerList", PeerListSchema],
  ["Message", MessageSchema],
  ["MessageList", MessageListSchema],
  ["Thread", StrictThreadSchema],
  ["ThreadList", ThreadListSchema],
  ["SentMessage", SentMessageSchema],
  ["Receipt", StrictReceiptSchema],
  ["RegisterRequest", RegisterBodySchema],
  ["SendRequest", SendBodySchema],
  ["PatchPeerRequest", PatchPeerBodySchema],
  ["IssueTokenRequest", IssueTokenBodySchema],
  ["IssuedToken", IssuedTokenSchema],
  ["RevokedTokens", RevokedTokensSchema],
  ["TokenHolder", StrictTokenHolderSchema],
  ["TokenHolderList", TokenHolderListSchema],
  ["Error", ErrorBodySchema],
];

function requestBody(schema: v.GenericSchema): JsonObject {
  const entry = COMPONENTS.find(([, component]) => component === schema);
  if (entry === undefined) throw new Error("a route body schema is not a document component");
  return {
    required: true,
    content: { "application/json": { schema: { $ref: `#/components/schemas/${entry[0]}` } } },
  };
}

/** The query parameters of a route, from the schema that validates its query. */
function queryParameters(route: GatewayRouteRecord): JsonObject[] {
  if (route.query === undefined) return [];
  const { properties } = schemaOf(route.query) as { properties: Record<string, JsonObject> };
  const hidden = route.undocumentedQuery ?? [];
  return Object.entries(properties)
    .filter(([name]) => !hidden.includes(name))
    .map(([name, schema]) => ({ name, in: "query", required: false, schema }));
}

/** The operation of a documented route, from its record. */
function operationOf(route: GatewayRouteRecord & { operationId: string }): JsonObject {
  const parameters = [...queryParameters(route), ...(route.parameters ?? [])];
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.auth === "public" ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body === undefined ? {} : { requestBody: requestBody(route.body) }),
    responses: route.responses,
  };
}

/** The document's `paths`: each documented route of `GATEWAY_ROUTES` with its operation. */
function apiPaths(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of GATEWAY_ROUTES) {
    if (route.operationId === undefined) continue;
    const path = openApiPath(route.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    item[route.method.toLowerCase()] = operationOf({ ...route, operationId: route.operationId });
  }
  return paths;
}

/**
 * The OpenAPI 3.1 document of the gateway, generated from the route records and the schemas
 * that validate requests (a fresh copy: the records' parts are shared).
 */
export function buildOpenApiDocument(): JsonObject {
  return {
    openapi: "3.1.0",
    info: {
      title: "mesh gateway",
      version: "1",
      description:
        "Peer registry and direct messages. Errors are JSON { error, message }. Without an admin token configured the gateway runs in open mode and needs no token.",
    },
    security: [{ bearer: [] }],
    paths: structuredClone(apiPaths()),
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: Object.fromEntries(COMPONENTS.map(([name, schema]) => [name, schemaOf(schema)])),
    },
  };
}
