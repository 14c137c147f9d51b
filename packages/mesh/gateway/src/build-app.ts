import {
  DEFAULT_MESSAGE_LIMIT,
  IDEMPOTENCY_WINDOW_MS,
  IssueTokenBodySchema,
  MAX_BODY_BYTES,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_MESSAGE_LIMIT,
  MAX_WAIT_SECONDS,
  MessagesQuerySchema,
  PatchPeerBodySchema,
  PEER_NAME_PATTERN,
  RegisterBodySchema,
  SendBodySchema,
  ThreadsQuerySchema,
} from "@mesh/protocol";
import { KNOWN_SECRET_RULE_ID } from "@mesh/secret-guard";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteGenericInterface,
  type RouteHandlerMethod,
} from "fastify";
import { BodyBudget } from "./body-budget.js";
import { clientErrorReply } from "./client-error-reply.js";
import { type ContentGuardMode, createContentGuard, createOwnTokenCheck } from "./content-guard.js";
import { GatewayMetrics } from "./gateway-metrics.js";
import { allowedMethods, GATEWAY_ROUTES, type GatewayRouteKey, routeOf } from "./gateway-routes.js";
import type {
  GatewayStorage,
  IdempotencyOptions,
  InsertRefusal,
  InsertResult,
  MessageQuery,
  MessagesJson,
  NewMessage,
} from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { type MessagePage, messagePage, nextLink, toMessagesJson } from "./message-page.js";
import { type Reading, type ReadingRequest, resolveReading } from "./message-reading.js";
import { isFiltered } from "./message-sql.js";
import type { MessageWaiters } from "./message-waiters.js";
import { buildOpenApiDocument } from "./openapi-document.js";
import { generatePeerToken, hashToken, sameHash } from "./peer-tokens.js";
import { PeerWaits } from "./peer-waits.js";
import { registerRateLimits } from "./rate-limits.js";
import { readJsonBody } from "./read-json-body.js";
import { registerReplyBudget } from "./register-reply-budget.js";
import { registerRequestChecks } from "./register-request-checks.js";
import { checkRegistrationSize } from "./registration-limits.js";
import { repeatOf } from "./repeat-of.js";
import { ReplyBudget } from "./reply-budget.js";
import type { LoggerSetup } from "./request-logger.js";
import { StorageError } from "./storage-error.js";
import { registerStreamRoute } from "./stream-route.js";
import { threadQueryOf } from "./thread-query-of.js";
import { registerUiRoute, UI_PUBLIC_ROUTES } from "./ui-route.js";
import { validateInput } from "./validate-input.js";

/** Who is calling, decided once per request. */
export type Identity =
  | { mode: "open" }
  | { mode: "admin" }
  /** `key` names the token (its hash) for per-token limits. */
  | { mode: "peer"; peer: string; key: string };

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
}

/** How often the server looks for connections past the header or body deadline, in ms. */
const DEADLINE_CHECK_MS = 500;
/** Characters of a request path the log line keeps. */
const MAX_LOGGED_PATH = 200;
/** `last_seen` on inbox reads is written at most this often per peer (polling is hot). */
const TOUCH_INTERVAL_MS = 1000;
const REGISTER_FIELDS = new Set([
  "name",
  "url",
  "capabilities",
  "enabled",
  "last_health",
  "last_seen",
  "registered_at",
]);

const PUBLIC_ROUTES = new Set<string>([
  ...GATEWAY_ROUTES.flatMap((route) => ("public" in route ? [route.path] : [])),
  ...UI_PUBLIC_ROUTES,
]);

interface RequestState {
  identity: Identity;
  /** The peer the log line names. */
  peer: string | undefined;
  /** Whose rate limit and body-budget share the request draws on: its token, else its address. */
  key: string;
  /** Extra fields of the request's log line. */
  logFields: Record<string, string> | undefined;
}

/** Request decoration holding the `RequestState` (null until authenticated). */
const STATE = Symbol("mesh.requestState");
/** Request decoration holding the `error` code of a 4xx or 5xx reply, for its log line. */
const ERROR_CODE = Symbol("mesh.errorCode");
type StatefulRequest = FastifyRequest & {
  [STATE]: RequestState | null;
  [ERROR_CODE]: string | null;
};
/** The code at the start of every error body this gateway sends: `{"error":"<code>",...`. */
const ERROR_BODY_CODE = /^\{"error":"([a-z0-9_]{1,64})"/;

/** Builds the Fastify app of the gateway API (not listening yet). */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const { storage, waiters, limits, requestLine } = options;
  const adminHash = options.adminToken === undefined ? undefined : hashToken(options.adminToken);
  const lastTouch = new Map<string, number>();
  const budget = new BodyBudget(limits.maxBufferedBodyBytes);
  const replies = new ReplyBudget({
    perConnection: limits.maxQueuedReplyBytes,
    total: limits.maxQueuedReplyBytesTotal,
    stallMs: limits.replyStallTimeoutMs,
  });
  const guard = createContentGuard(limits.contentGuard, options.adminToken, storage);
  const holdsOwnToken = createOwnTokenCheck(limits.contentGuard, options.adminToken, storage);
  const metrics = new GatewayMetrics({
    waiters: () => waiters.size,
    streams: () => streams.size,
    bufferedBodyBytes: () => budget.held,
    queuedReplyBytes: () => replies.held,
    streamSlots: () => streams.slots,
    streamBufferedBytes: () => streams.bufferedBytes,
    replyConnectionsClosed: () => replies.closed,
    droppedLogLines: options.droppedLogLines ?? (() => 0),
    peers: async () => {
      const peers = await storage.listPeers();
      const enabled = peers.filter((peer) => peer.enabled).length;
      return { enabled, disabled: peers.length - enabled };
    },
    backlog: async () => {
      const { count, oldest } = await storage.unreadBacklog();
      return { count, oldestAt: oldest?.created_at };
    },
    wakeups: options.storage.wakeups,
  });
  /** Bytes, not a string: each reply hands the socket the same buffer instead of a fresh copy. */
  let openApi: Buffer | undefined;

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
    frameworkErrors: (error, _request, reply) => {
      // The framework-error reply type is generic over an unknown route; it is a plain reply.
      void (reply as unknown as FastifyReply)
        .code(400)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ error: "invalid_query", message: error.message }));
    },
  });

  // A decoration (declared once, null per request) keeps request objects one shape.
  app.decorateRequest(STATE, null);
  app.decorateRequest(ERROR_CODE, null);

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

  const unauthorized = (message: string) => new HttpError(401, "unauthorized", message);
  const authenticate = (header: string | undefined): Identity | Promise<Identity> => {
    if (adminHash === undefined) return { mode: "open" };
    const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (match === null) {
      throw unauthorized(
        "missing bearer token: send Authorization: Bearer <token> (the admin token MESH_GATEWAY_TOKEN or a peer token)",
      );
    }
    const hash = hashToken(match[1]!);
    if (sameHash(hash, adminHash)) return { mode: "admin" };
    return storage.findTokenPeer(hash).then((peer): Identity => {
      if (peer === undefined)
        throw unauthorized("unknown or revoked token: check MESH_GATEWAY_TOKEN");
      return { mode: "peer", peer, key: `token:${hash}` };
    });
  };
  /** A failed authentication counts against the address; past the limit it is 429, not 401. */
  const refuseAuth = async (request: FastifyRequest, error: unknown): Promise<never> => {
    if (error instanceof HttpError && error.status === 401) {
      const limited = await authFailures(request);
      if (limited !== undefined) throw limited;
    }
    throw error;
  };

  // Shutting down: a request that still arrives (on a kept-alive or pipelined connection) is
  // answered at once and its connection closed, so the client retries elsewhere.
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
    void reply.code(503).header("retry-after", "1").header("connection", "close").send({
      error: "unavailable",
      message: "the gateway is shutting down; retry in a moment or against another gateway",
    });
  });

  // Callback-style hooks: no promise per request on the hot path when no database read is needed.
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions.url;
    // Unknown paths authenticate too: a 404 is answered only to a caller who may ask.
    if (route !== undefined && PUBLIC_ROUTES.has(route)) {
      done();
      return;
    }
    const remember = (identity: Identity) => {
      (request as StatefulRequest)[STATE] = {
        identity,
        peer: identity.mode === "peer" ? identity.peer : undefined,
        key: keyOf(identity, request),
        logFields: undefined,
      };
      done();
    };
    const fail = (error: unknown) => {
      refuseAuth(request, error).catch(done);
    };
    try {
      const identity = authenticate(request.headers.authorization);
      if (identity instanceof Promise) identity.then(remember, fail);
      else remember(identity);
    } catch (error) {
      fail(error);
    }
  });

  registerReplyBudget(app, replies);

  // A reply sent before the body was read (401, 403, 413, 429, 503) closes the connection, so
  // the rest of a large or stalled body is never read.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header("connection", "close");
    if (reply.statusCode >= 400 && typeof payload === "string") {
      (request as StatefulRequest)[ERROR_CODE] = ERROR_BODY_CODE.exec(payload)?.[1] ?? null;
    }
    done();
  });

  app.addHook("onResponse", (request, reply, done) => {
    const state = (request as StatefulRequest)[STATE] ?? null;
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    metrics.countRequest(route ?? "unmatched", request.method, status);
    if (route === "/messages") {
      const seconds = reply.elapsedTime / 1000;
      if (request.method === "POST") metrics.sendSeconds.observe(seconds);
      else if (request.method === "GET") metrics.inboxSeconds.observe(seconds);
    }
    // The request's own logger names the request id itself; the line logger needs it given.
    const line: Record<string, unknown> = requestLine === undefined ? {} : { reqId: request.id };
    line["method"] = request.method;
    line["path"] = pathOf(request.url).slice(0, MAX_LOGGED_PATH);
    line["status"] = status;
    line["ms"] = Math.round(reply.elapsedTime * 100) / 100;
    if (state !== null) {
      line["auth"] = state.identity.mode;
      if (state.peer !== undefined) line["peer"] = state.peer;
      if (state.logFields !== undefined) Object.assign(line, state.logFields);
    }
    if (status >= 400) {
      // What went wrong and for whom: a 401 has no peer to name, only an address.
      const code = (request as StatefulRequest)[ERROR_CODE];
      if (code !== null) line["error"] = code;
      line["ip"] = request.ip;
    }
    const log = requestLine ?? request.log;
    if (status >= 500) log.error(line, "request");
    else log.info(line, "request");
    done();
  });

  const stateOf = (request: FastifyRequest): RequestState => {
    const state = (request as StatefulRequest)[STATE] ?? null;
    if (state === null) throw new HttpError(401, "unauthorized", "request not authenticated");
    return state;
  };
  const requireAdmin = (state: RequestState) => {
    if (state.identity.mode === "peer") {
      throw new HttpError(403, "forbidden", "this endpoint needs the admin token");
    }
  };
  const requireSelf = (state: RequestState, peer: string, action: string) => {
    if (state.identity.mode === "peer" && state.identity.peer !== peer) {
      throw new HttpError(
        403,
        "forbidden",
        `this token belongs to peer '${state.identity.peer}'; it may ${action} only as itself`,
      );
    }
  };
  const nameParam = (value: string, field: string): string => {
    if (!PEER_NAME_PATTERN.test(value)) {
      throw new HttpError(400, "invalid_name", `${field} does not match the peer-name format`);
    }
    return value;
  };
  /** The messages as JSON text: built by the database where the back end can. */
  const listJson = async (filter: MessageQuery): Promise<MessagesJson> =>
    storage.listMessagesJson === undefined
      ? toMessagesJson(await storage.listMessages(filter))
      : storage.listMessagesJson(filter);
  const touch = async (peer: string, now: number) => {
    const last = lastTouch.get(peer);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    if (lastTouch.size > 10_000) lastTouch.clear();
    lastTouch.set(peer, now);
    await storage.touchPeer(peer, new Date(now).toISOString());
  };

  /** Registers the handler of an API route (`GATEWAY_ROUTES` lists them all). */
  const registered = new Set<string>();
  const route = <T extends RouteGenericInterface = RouteGenericInterface>(
    key: GatewayRouteKey,
    handler: RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      T
    >,
  ) => {
    const { method, path, head } = routeOf(key);
    app.route<T>({ method, url: path, handler, exposeHeadRoute: head !== false });
    registered.add(key);
  };

  route("GET /health", async (_request, reply) => {
    try {
      await storage.ping();
      return reply.type("text/plain; charset=utf-8").send("ok");
    } catch {
      return reply.code(503).type("text/plain; charset=utf-8").send("database unavailable");
    }
  });

  route("GET /metrics", async (request, reply) => {
    requireAdmin(stateOf(request));
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(await metrics.text());
  });

  route("GET /openapi.json", async (_request, reply) => {
    openApi ??= Buffer.from(JSON.stringify(buildOpenApiDocument()));
    return reply.type("application/json; charset=utf-8").send(openApi);
  });

  route("GET /peers", async () => {
    return { peers: await storage.listPeers() };
  });

  route("POST /peers/register", async (request, reply) => {
    const state = stateOf(request);
    const body = validateInput(RegisterBodySchema, request.body, "invalid_body");
    // Read from the raw body: valibot's record turns an array into an object.
    const { capabilities } = request.body as { capabilities?: unknown };
    if (capabilities === null || Array.isArray(capabilities)) {
      throw new HttpError(400, "invalid_body", "capabilities must be a JSON object");
    }
    requireSelf(state, body.name, "register");
    state.peer = body.name;
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if (!REGISTER_FIELDS.has(key)) extra[key] = value;
    }
    const registered = body.capabilities ?? {};
    // Sized first (what is stored can only be larger), so the token check reads at most 16 KiB.
    checkRegistrationSize(registered, extra);
    const fields = [body.url, JSON.stringify(registered), JSON.stringify(extra)];
    if (await holdsOwnToken(fields)) {
      metrics.secretRefusals.inc({ rule: KNOWN_SECRET_RULE_ID });
      throw new HttpError(
        422,
        "secret_detected",
        "the registration holds one of this gateway's own tokens (in url, capabilities or an extra field), which every peer could read; credentials travel out of band",
        { details: { rule: KNOWN_SECRET_RULE_ID } },
      );
    }
    const { peer, created } = await storage.registerPeer({
      name: body.name,
      url: body.url ?? null,
      capabilities: registered,
      extra,
      at: new Date().toISOString(),
    });
    return reply.code(created ? 201 : 200).send(peer);
  });

  route<{ Params: { name: string } }>("PATCH /peers/:name", async (request) => {
    const state = stateOf(request);
    requireAdmin(state);
    const name = nameParam(request.params.name, "peer name");
    const body = validateInput(PatchPeerBodySchema, request.body, "invalid_body");
    const peer = await storage.setPeerEnabled(name, body.enabled);
    if (peer === undefined) throw new HttpError(404, "not_found", `no peer named '${name}'`);
    return peer;
  });

  /**
   * Runs the content guard, then stores the message. The key lookup comes first: the repeat of
   * an acknowledged send gets the stored message whatever the guard says of it now (looked up
   * only when the guard refuses; otherwise the insert looks the key up first, atomically).
   */
  const guardedInsert = async (
    request: FastifyRequest,
    state: RequestState,
    message: NewMessage,
    idempotency: IdempotencyOptions | undefined,
  ): Promise<InsertResult> => {
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
      throw new HttpError(
        422,
        "secret_detected",
        `the message (content, thread_id or related_task_id) matches the credential rule '${checked.refused}'; credentials travel out of band, never in a DM`,
        { details: { rule: checked.refused } },
      );
    }
    return storage.insertMessage(message, idempotency);
  };

  route("POST /messages", async (request, reply) => {
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
    };
    const idempotency =
      idempotencyKey === undefined
        ? undefined
        : {
            key: idempotencyKey,
            notBefore: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS).toISOString(),
          };
    const result = await guardedInsert(request, state, input, idempotency);
    if (result.refused !== undefined) throw refusal(result.refused, body.from_node, body.to_node);
    const { message, created } = result;
    if (created) metrics.messagesStored.inc();
    return reply.code(created ? 201 : 200).send({
      id: message.id,
      from_node: message.from_node,
      to_node: message.to_node,
      kind: message.kind,
      thread_id: message.thread_id,
      created_at: message.created_at,
    });
  });

  /** What a read may see under the access rules; names the reader's peer in the log line. */
  const readingOf = (state: RequestState, query: ReadingRequest): Reading => {
    const reading = resolveReading(state.identity, query);
    const named = reading.to ?? reading.from ?? reading.involving;
    if (named !== undefined) state.peer ??= named;
    return reading;
  };

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
    ...options.streams,
    access: (request, query) => {
      const state = stateOf(request);
      const reading = readingOf(state, query);
      return { reading, peer: state.identity.mode === "peer" ? state.identity.peer : undefined };
    },
    stillAuthorized: async (request) => {
      try {
        await authenticate(request.headers.authorization);
        return true;
      } catch {
        return false;
      }
    },
  });

  route("GET /messages/stream", streamHandler);

  if (options.ui) {
    registerUiRoute(app, (request) => {
      const { identity } = stateOf(request);
      return { auth: identity.mode, peer: identity.mode === "peer" ? identity.peer : null };
    });
  }

  route("GET /messages", async (request, reply) => {
    const state = stateOf(request);
    const query = validateInput(MessagesQuerySchema, request.query, "invalid_query");
    const reading = readingOf(state, query);
    let limit = DEFAULT_MESSAGE_LIMIT;
    if (query.limit !== undefined) {
      const parsed = Number(query.limit);
      if (parsed < 1) throw new HttpError(400, "invalid_query", "limit must be at least 1");
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
      unreadOnly,
      afterId,
      limit: paged ? limit + 1 : limit,
    };
    const send = (page: MessagePage) => {
      if (page.nextAfter !== undefined) {
        reply.header("link", nextLink(request.url, "/messages", "after_id", page.nextAfter));
      }
      return reply.type("application/json; charset=utf-8").send(`{"messages":${page.json}}`);
    };
    let page = messagePage(await listJson(filter), limit);
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
        page = messagePage(await listJson(filter), limit);
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
  });

  route<{ Params: { msg_id: string } }>("GET /messages/:msg_id", async (request) => {
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
  });

  route("GET /threads", async (request, reply) => {
    const state = stateOf(request);
    const query = validateInput(ThreadsQuerySchema, request.query, "invalid_query");
    const threadQuery = threadQueryOf(state.identity, query);
    const rows = await storage.listThreads({ ...threadQuery, limit: threadQuery.limit + 1 });
    const threads = rows.slice(0, threadQuery.limit);
    if (rows.length > threadQuery.limit) {
      const last = threads[threads.length - 1]!.last_id;
      reply.header("link", nextLink(request.url, "/threads", "before_id", last));
    }
    return { threads };
  });

  route<{ Params: { msg_id: string } }>("POST /messages/:msg_id/read", async (request) => {
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
  });

  route("POST /admin/tokens", async (request, reply) => {
    const state = stateOf(request);
    requireAdmin(state);
    const body = validateInput(IssueTokenBodySchema, request.body, "invalid_body");
    const token = generatePeerToken();
    await storage.saveToken(body.peer, hashToken(token), new Date().toISOString());
    return reply.code(201).send({ peer: body.peer, token });
  });

  route<{ Params: { peer: string } }>("DELETE /admin/tokens/:peer", async (request) => {
    const state = stateOf(request);
    requireAdmin(state);
    const peer = nameParam(request.params.peer, "peer");
    const revoked = await storage.revokeTokens(peer);
    streams.endPeer(peer);
    return { peer, revoked };
  });

  const missing = GATEWAY_ROUTES.filter((r) => !registered.has(`${r.method} ${r.path}`));
  if (missing.length > 0) {
    throw new Error(`gateway routes without a handler: ${missing.map((r) => r.path).join(", ")}`);
  }

  // Unknown paths count toward the caller's rate limit like any route.
  const notFoundLimit = limits.rateLimitPerMinute > 0 ? { preHandler: app.rateLimit() } : {};
  app.setNotFoundHandler(notFoundLimit, (request, reply) => {
    const path = pathOf(request.url);
    const allow = allowedMethods(path);
    if (allow !== undefined) {
      return reply
        .code(405)
        .header("allow", allow)
        .send({
          error: "method_not_allowed",
          message: `${request.method} is not allowed on ${path.slice(0, 200)}; allowed: ${allow}`,
        });
    }
    return reply.code(404).send({
      error: "not_found",
      message: `no endpoint ${request.method} ${path.slice(0, 200)}; see GET /openapi.json`,
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500 && !(error instanceof HttpError)) {
      // Name and code only: a driver message could quote stored values.
      request.log.error(
        { error: `${error.name}${error.code === undefined ? "" : ` ${error.code}`}` },
        "request failed",
      );
    }
    if (code === "rate_limited") metrics.rateLimited.inc();
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    const details = error instanceof HttpError ? error.details : undefined;
    return reply.code(status).send({ error: code, message, ...details });
  });

  return app;
}

/** Whose limits a request draws on: a peer token, the admin token, or (open mode) an address. */
function keyOf(identity: Identity, request: FastifyRequest): string {
  if (identity.mode === "peer") return identity.key;
  return identity.mode === "admin" ? "admin" : `ip:${request.ip}`;
}

/** The reply to a send the storage refused. */
function refusal(refused: InsertRefusal, from: string, to: string): HttpError {
  switch (refused) {
    case "unknown_recipient":
      return new HttpError(
        404,
        "unknown_recipient",
        `no peer named '${to}' is registered; recipients must register first`,
      );
    case "recipient_disabled":
      return new HttpError(
        409,
        "recipient_disabled",
        `peer '${to}' is disabled and does not accept messages`,
      );
    case "sender_disabled":
      return new HttpError(
        403,
        "sender_disabled",
        `peer '${from}' is disabled: it may read its inbox but not send`,
      );
    case "idempotency_key_conflict":
      return new HttpError(
        409,
        "idempotency_key_conflict",
        "this Idempotency-Key was already used for a different message; use a fresh key for a new message",
      );
  }
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

/** A message id path parameter, and the 404 every unknown or foreign id gets. */
function messageIdParam(raw: string): { id: number; notFound: () => HttpError } {
  if (!/^\d+$/.test(raw)) {
    throw new HttpError(400, "invalid_id", "msg_id must be a non-negative integer message id");
  }
  const id = Number(raw);
  const notFound = () => new HttpError(404, "not_found", `no message with id ${raw}`);
  if (!Number.isSafeInteger(id)) throw notFound();
  return { id, notFound };
}

/** The path of a request URL, without the query. */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
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
    throw new HttpError(
      400,
      "invalid_idempotency_key",
      `Idempotency-Key must be given once, 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    );
  }
  return value;
}

function describeError(error: FastifyError): { status: number; code: string; message: string } {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (error instanceof StorageError) {
    return error.code === "registration_too_large"
      ? { status: 413, code: "payload_too_large", message: error.message }
      : { status: 503, code: "unavailable", message: "the database is unavailable; retry later" };
  }
  const status = error.statusCode;
  if (status === 415) {
    return { status, code: "unsupported_media_type", message: error.message };
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, code: "invalid_body", message: error.message };
  }
  return { status: 500, code: "unavailable", message: "internal error; see the gateway log" };
}
