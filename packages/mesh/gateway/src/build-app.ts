import { errorStatus, MAX_BODY_BYTES } from "@mesh/protocol";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { backlogOf } from "./backlog-of.js";
import { BodyBudget } from "./body-budget.js";
import { clientErrorReply } from "./client-error-reply.js";
import { ConnectionAdmission } from "./connection-admission.js";
import { type ContentGuardMode, createContentGuard, createOwnTokenCheck } from "./content-guard.js";
import { gatedServerFactory } from "./gated-server-factory.js";
import { GatewayMetrics } from "./gateway-metrics.js";
import type { GatewayStorage } from "./gateway-storage.js";
import type { MessageWaiters } from "./message-waiters.js";
import { buildOpenApiDocument } from "./openapi-document.js";
import { hashToken } from "./peer-tokens.js";
import { PeerWaits } from "./peer-waits.js";
import { registerRateLimits } from "./rate-limits.js";
import { readJsonBody } from "./read-json-body.js";
import { registerAuthentication } from "./register-authentication.js";
import { registerErrorReplies } from "./register-error-replies.js";
import { registerReceipts } from "./register-receipts.js";
import { registerReplyBudget } from "./register-reply-budget.js";
import { registerRequestChecks } from "./register-request-checks.js";
import { registerRequestLog } from "./register-request-log.js";
import { registerRouteTable } from "./register-route-table.js";
import { ReplyBudget } from "./reply-budget.js";
import { PIPELINE_DEFAULTS, RequestGate } from "./request-gate.js";
import type { LoggerSetup } from "./request-logger.js";
import { ERROR_CODE, STATE, type StatefulRequest, stateOf } from "./request-state.js";
import type { RouteContext } from "./routes/gateway-route-record.js";
import { streamAccess } from "./stream-access.js";
import { registerStreamRoute, type StreamHub } from "./stream-route.js";
import { registerUiRoute } from "./ui-route.js";

/** The limits of a gateway on an open network, resolved by `startGateway`. */
export interface GatewayLimits {
  /** Requests per minute per peer token (per address in open mode); 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Requests that fail authentication per minute per client address; 0 turns it off. */
  authFailuresPerMinute: number;
  /** Time in ms for a request's headers and body to arrive. */
  requestBodyTimeoutMs: number;
  /** Idle time in ms after which a keep-alive connection is closed. */
  keepAliveTimeoutMs: number;
  /** Request body bytes held in memory at once, across all connections. */
  maxBufferedBodyBytes: number;
  /** Reply bytes queued for one connection and not yet read by its client. */
  maxQueuedReplyBytes: number;
  /** Reply bytes queued across all connections. */
  maxQueuedReplyBytesTotal: number;
  /** Time in ms a client may leave queued reply bytes untaken before its connection is closed. */
  replyStallTimeoutMs: number;
  /** Requests one connection may have sent and not had answered (pipelined); past it, closed. */
  maxPipelinedRequests: number;
  /** Unanswered requests across all connections; past it, pipelining connections are closed. */
  maxPipelinedRequestsTotal: number;
  contentGuard: ContentGuardMode;
}

export interface GatewayAppOptions {
  storage: GatewayStorage;
  /** Admin token; `undefined` runs the gateway in open mode. */
  adminToken: string | undefined;
  logger: LoggerSetup["fastify"];
  /** Writes the request lines when set (see `LoggerSetup.requestLine`); else the request's logger. */
  requestLine?: LoggerSetup["requestLine"];
  /** Log lines dropped so far because stdout did not keep up (a metric); default none. */
  droppedLogLines?: (() => number) | undefined;
  waiters: MessageWaiters;
  limits: GatewayLimits;
  /** Live delivery limits of `GET /messages/stream` (resolved by `startGateway`). */
  streams: { pingMs: number; maxStreams: number; maxStreamsPerPeer: number };
  /** Serve the web dashboard at `/ui/`. */
  ui: boolean;
  /** Host names answered in open mode besides the loopback ones (lowercase; IPv6 in brackets). */
  allowedHosts?: readonly string[] | undefined;
  /** How often questions past their `reply_by` are expired, in ms; default 1000. */
  receiptSweepMs?: number | undefined;
}

/** How often the server looks for connections past the header or body deadline, in ms. */
const DEADLINE_CHECK_MS = 500;
/** `last_seen` on inbox reads is written at most this often per peer (polling is hot). */
const TOUCH_INTERVAL_MS = 1000;

/**
 * Builds the Fastify app of the gateway API (not listening yet): the hooks every request goes
 * through (host and size checks, rate limits, authentication, reply budget, log line), then
 * the routes of `GATEWAY_ROUTES`, the dashboard and the error replies.
 */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const { storage, waiters, limits } = options;
  const adminHash = options.adminToken === undefined ? undefined : hashToken(options.adminToken);
  const budget = new BodyBudget(limits.maxBufferedBodyBytes);
  const replies = new ReplyBudget({
    perConnection: limits.maxQueuedReplyBytes,
    total: limits.maxQueuedReplyBytesTotal,
    stallMs: limits.replyStallTimeoutMs,
  });
  const gate = new RequestGate({
    ...PIPELINE_DEFAULTS,
    perConnection: limits.maxPipelinedRequests,
    total: limits.maxPipelinedRequestsTotal,
  });
  const metrics = createMetrics(options, { budget, replies, gate }, () => streams);
  const app = createFastify(options, gate);
  registerJsonBody(app, budget);

  registerRequestChecks(app, {
    allowedHosts:
      adminHash === undefined
        ? new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase()))
        : undefined,
  });

  const authFailures = await registerRateLimits(app, {
    perMinute: limits.rateLimitPerMinute,
    authFailuresPerMinute: limits.authFailuresPerMinute,
    keyOf: (request) => (request as StatefulRequest)[STATE]?.key,
    exempt: (request) => {
      const state = (request as StatefulRequest)[STATE] ?? null;
      return state === null || state.identity.mode === "admin";
    },
  });
  registerShutdownReply(app, waiters);
  const authenticate = registerAuthentication(app, { storage, adminHash, authFailures });
  registerReplyBudget(app, replies);
  registerRequestLog(app, metrics, options.requestLine);

  const peerWaits = new PeerWaits();
  const stopAccessChanges = storage.onAccessChange?.((peer) => {
    streams.endPeer(peer);
    peerWaits.end(peer);
  });
  app.addHook("onClose", (_instance, done) => {
    stopAccessChanges?.();
    done();
  });
  const { hub: streams, handler: streamHandler } = registerStreamRoute(app, {
    storage,
    pushInserts: storage.backend === "sqlite",
    waiters,
    receipts: registerReceipts(app, storage, options.receiptSweepMs),
    ...options.streams,
    access: (request, query) => streamAccess(stateOf(request), query),
    stillAuthorized: async (request) => {
      try {
        await authenticate(request.headers.authorization);
        return true;
      } catch {
        return false;
      }
    },
  });

  if (options.ui) {
    registerUiRoute(app, (request) => {
      const { identity } = stateOf(request);
      return { auth: identity.mode, peer: identity.mode === "peer" ? identity.peer : null };
    });
  }

  /** Bytes, not a string: each reply hands the socket the same buffer instead of a fresh copy. */
  let openApi: Buffer | undefined;
  const context: RouteContext = {
    storage,
    metrics,
    waiters,
    peerWaits,
    streams,
    streamHandler,
    authenticate,
    guard: createContentGuard(limits.contentGuard, options.adminToken, storage),
    holdsOwnToken: createOwnTokenCheck(limits.contentGuard, options.adminToken, storage),
    touch: lastSeenToucher(storage),
    openApi: () => {
      openApi ??= Buffer.from(JSON.stringify(buildOpenApiDocument()));
      return openApi;
    },
  };
  registerRouteTable(app, context);
  registerErrorReplies(app, metrics, limits.rateLimitPerMinute);
  return app;
}

/** The Fastify instance with the gateway's deadlines, body limit and framework error replies. */
function createFastify(options: GatewayAppOptions, gate: RequestGate): FastifyInstance {
  const { limits } = options;
  const app = Fastify({
    ...options.logger,
    // One line per request, written by the onResponse hook below (not Fastify's two).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    // Requests during shutdown get the API's own 503 body (the hook below), not Fastify's.
    return503OnClosing: false,
    // Deadlines while a request arrives; none once it is in (long-polls and streams stay open).
    requestTimeout: limits.requestBodyTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: 0,
    http: {
      // A missing Host is answered by the request checks, with the JSON error body.
      requireHostHeader: false,
      headersTimeout: limits.requestBodyTimeoutMs,
      requestTimeout: limits.requestBodyTimeoutMs,
      connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, limits.requestBodyTimeoutMs),
    },
    clientErrorHandler: clientErrorReply,
    serverFactory: gatedServerFactory(gate, new ConnectionAdmission(PIPELINE_DEFAULTS)),
    frameworkErrors: (error, _request, reply) => {
      // The framework-error reply type is generic over an unknown route; it is a plain reply.
      void (reply as unknown as FastifyReply)
        .code(errorStatus("invalid_query"))
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ error: "invalid_query", message: error.message }));
    },
  });
  // A decoration (declared once, null per request) keeps request objects one shape.
  app.decorateRequest(STATE, null);
  app.decorateRequest(ERROR_CODE, null);
  return app;
}

/** Bodies are JSON whatever their type, read within the size limits and the body budget. */
function registerJsonBody(app: FastifyInstance, budget: BodyBudget): void {
  const defaultJson = app.getDefaultJsonParser("error", "error");
  const parseJson = (text: string): unknown => {
    let parsed: unknown;
    defaultJson({} as FastifyRequest, text, (error, value) => {
      if (error !== null) throw error;
      parsed = value;
    });
    return parsed;
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    readJsonBody({
      maxBytes: MAX_BODY_BYTES,
      budget,
      budgetKey: (request) => (request as StatefulRequest)[STATE]?.key ?? `ip:${request.ip}`,
      parse: parseJson,
    }),
  );
}

/**
 * Shutting down: a request that still arrives (on a kept-alive or pipelined connection) is
 * answered at once and its connection closed, so the client retries elsewhere.
 */
function registerShutdownReply(app: FastifyInstance, waiters: MessageWaiters): void {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onRequest", (_request, reply, done) => {
    // The waiters close first, as shutdown starts (so long-polls answer at once).
    if (!closing && !waiters.closed) {
      done();
      return;
    }
    void reply
      .code(errorStatus("unavailable"))
      .header("retry-after", "1")
      .header("connection", "close")
      .send({
        error: "unavailable",
        message: "the gateway is shutting down; retry in a moment or against another gateway",
      });
  });
}

/** The app's metrics, reading the live figures from the parts that hold them. */
function createMetrics(
  options: GatewayAppOptions,
  { budget, replies, gate }: { budget: BodyBudget; replies: ReplyBudget; gate: RequestGate },
  streams: () => StreamHub,
): GatewayMetrics {
  const { storage, waiters } = options;
  return new GatewayMetrics({
    waiters: () => waiters.size,
    streams: () => streams().size,
    bufferedBodyBytes: () => budget.held,
    queuedReplyBytes: () => replies.held,
    streamSlots: () => streams().slots,
    streamBufferedBytes: () => streams().bufferedBytes,
    replyConnectionsClosed: () => replies.closed,
    pipeliningConnectionsClosed: () => gate.closed,
    droppedLogLines: options.droppedLogLines ?? (() => 0),
    peers: async () => {
      const peers = await storage.listPeers();
      const enabled = peers.filter((peer) => peer.enabled).length;
      return { enabled, disabled: peers.length - enabled };
    },
    backlog: () => backlogOf(storage),
    wakeups: storage.wakeups,
  });
}

/** Moves a peer's `last_seen` on its inbox reads, at most once per `TOUCH_INTERVAL_MS`. */
function lastSeenToucher(storage: GatewayStorage): RouteContext["touch"] {
  const lastTouch = new Map<string, number>();
  return async (peer, now) => {
    const last = lastTouch.get(peer);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    if (lastTouch.size > 10_000) lastTouch.clear();
    lastTouch.set(peer, now);
    await storage.touchPeer(peer, new Date(now).toISOString());
  };
}
