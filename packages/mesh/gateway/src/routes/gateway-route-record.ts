import type {
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type * as v from "valibot";
import type { createContentGuard, createOwnTokenCheck } from "../content-guard.js";
import type { GatewayMetrics } from "../gateway-metrics.js";
import type { GatewayStorage } from "../gateway-storage.js";
import type { MessageWaiters } from "../message-waiters.js";
import type { PeerWaits } from "../peer-waits.js";
import type { Identity } from "../request-state.js";
import type { StreamHub } from "../stream-route.js";

/**
 * Who may call a route: `public` needs no token; `token` any valid token (or open mode), the
 * handler applying the access rules to the data; `admin` the admin token (or open mode).
 */
export type AuthRule = "public" | "token" | "admin";

type JsonObject = Record<string, unknown>;

/** What the handlers of the API share: built once per app by `buildGatewayApp`. */
export interface RouteContext {
  storage: GatewayStorage;
  metrics: GatewayMetrics;
  waiters: MessageWaiters;
  /** Long-polls of each peer, ended when its access changes. */
  peerWaits: PeerWaits;
  streams: StreamHub;
  streamHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The identity of an `Authorization` header; throws the 401. */
  authenticate: (header: string | undefined) => Identity | Promise<Identity>;
  guard: ReturnType<typeof createContentGuard>;
  holdsOwnToken: ReturnType<typeof createOwnTokenCheck>;
  /** Moves a peer's `last_seen` (at most once a second per peer). */
  touch: (peer: string, now: number) => Promise<void>;
  /** The OpenAPI document as bytes (built on first use). */
  openApi: () => Buffer;
}

type Handler<T extends RouteGenericInterface> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  T
>;

/**
 * One endpoint of the API, once: the app registers its handler (with the auth rule), answers
 * 405 with the methods of its path, and the OpenAPI document takes its operation from here.
 */
export interface GatewayRouteRecord<T extends RouteGenericInterface = RouteGenericInterface> {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** In Fastify's syntax: `/peers/:name`. */
  path: string;
  /** The OpenAPI operation; absent for the document itself. */
  operationId?: string;
  summary?: string;
  auth: AuthRule;
  /** `false`: a GET route that does not also answer HEAD (an event stream has no head). */
  head?: false;
  /** The schema its query is validated with (documented as query parameters). */
  query?: v.GenericSchema;
  /** Query parameters the route accepts but does not document. */
  undocumentedQuery?: readonly string[];
  /** The schema its JSON body is validated with (a component of the document). */
  body?: v.GenericSchema;
  /** Path and header parameters, as the OpenAPI document writes them. */
  parameters?: readonly JsonObject[];
  /** The OpenAPI responses. */
  responses?: JsonObject;
  /** Makes the route's handler from what the app shares. */
  handler: (context: RouteContext) => Handler<T>;
}

/** A record typed by its request (params, query); stored with the others as a plain record. */
export function defineRoute<T extends RouteGenericInterface>(
  record: GatewayRouteRecord<T>,
): GatewayRouteRecord {
  return record as unknown as GatewayRouteRecord;
}
