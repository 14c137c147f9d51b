import {
  DEFAULT_MESSAGE_LIMIT,
  IDEMPOTENCY_WINDOW_MS,
  IssueTokenBodySchema,
  MAX_BODY_BYTES,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_MESSAGE_LIMIT,
  MAX_WAIT_SECONDS,
  type StrictMessage as Message,
  MessagesQuerySchema,
  PatchPeerBodySchema,
  PEER_NAME_PATTERN,
  RegisterBodySchema,
  SendBodySchema,
} from "@mesh/protocol";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { GatewayStorage } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { isoTime } from "./iso-time.js";
import type { MessageWaiters } from "./message-waiters.js";
import { WAIT_POLL_MS } from "./message-waiters.js";
import { buildOpenApiDocument } from "./openapi-document.js";
import { generatePeerToken, hashToken, sameHash } from "./peer-tokens.js";
import type { GatewayLogEntry, LogSink } from "./request-log.js";
import { registerStreamRoute } from "./stream-route.js";
import { registerUiRoute, UI_PUBLIC_ROUTES } from "./ui-route.js";
import { validateInput } from "./validate-input.js";

/** Who is calling, decided once per request. */
export type Identity = { mode: "open" } | { mode: "admin" } | { mode: "peer"; peer: string };

export interface GatewayAppOptions {
  storage: GatewayStorage;
  /** Admin token; `undefined` runs the gateway in open mode. */
  adminToken: string | undefined;
  log: LogSink;
  waiters: MessageWaiters;
  /** Live delivery limits of `GET /messages/stream` (resolved by `startGateway`). */
  streams: { pingMs: number; maxStreams: number; maxStreamsPerPeer: number };
  /** Serve the web dashboard at `/ui/`. */
  ui: boolean;
}

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

/** Route patterns and their methods, to answer 405 instead of 404 on a known path. */
const KNOWN_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^\/health$/, "GET, HEAD"],
  [/^\/openapi\.json$/, "GET, HEAD"],
  [/^\/peers$/, "GET, HEAD"],
  [/^\/peers\/register$/, "POST"],
  [/^\/peers\/[^/]+$/, "PATCH"],
  [/^\/messages$/, "GET, HEAD, POST"],
  [/^\/messages\/stream$/, "GET"],
  [/^\/messages\/[^/]+\/read$/, "POST"],
  [/^\/admin\/tokens$/, "POST"],
  [/^\/admin\/tokens\/[^/]+$/, "DELETE"],
];
const PUBLIC_ROUTES = new Set<string>(["/health", "/openapi.json", ...UI_PUBLIC_ROUTES]);

interface RequestState {
  identity: Identity;
  /** The peer the log line names. */
  peer: string | undefined;
}

/** Request decoration holding the `RequestState` (null until authenticated). */
const STATE = Symbol("mesh.requestState");
type StatefulRequest = FastifyRequest & { [STATE]: RequestState | null };

/** Builds the Fastify app of the gateway API (not listening yet). */
export function buildGatewayApp(options: GatewayAppOptions): FastifyInstance {
  const { storage, log, waiters } = options;
  const adminHash = options.adminToken === undefined ? undefined : hashToken(options.adminToken);
  const lastTouch = new Map<string, number>();
  let openApi: string | undefined;

  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    return503OnClosing: true,
    frameworkErrors: (error, _request, reply) => {
      // The framework-error reply type is generic over an unknown route; it is a plain reply.
      void (reply as unknown as FastifyReply)
        .code(400)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ error: "invalid_request", message: error.message }));
    },
  });

  // A decoration (declared once, null per request) keeps request objects one shape.
  app.decorateRequest(STATE, null);

  // One JSON parser for every content type (clients such as curl -d send form types); an
  // empty body parses to undefined so mark-read works with or without a body.
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    jsonParser(request, text, (error, value) => {
      if (error === null) done(null, value);
      else done(new HttpError(400, "invalid_json", "request body is not valid JSON"), undefined);
    });
  });

  const authenticate = (header: string | undefined): Identity | Promise<Identity> => {
    if (adminHash === undefined) return { mode: "open" };
    const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (match === null) {
      throw new HttpError(
        401,
        "unauthorized",
        "missing bearer token: send Authorization: Bearer <token> (the admin token MESH_GATEWAY_TOKEN or a peer token)",
      );
    }
    const hash = hashToken(match[1]!);
    if (sameHash(hash, adminHash)) return { mode: "admin" };
    return storage.findTokenPeer(hash).then((peer): Identity => {
      if (peer === undefined) {
        throw new HttpError(
          401,
          "unauthorized",
          "unknown or revoked token: check MESH_GATEWAY_TOKEN",
        );
      }
      return { mode: "peer", peer };
    });
  };

  // Callback-style hooks: no promise per request on the hot path when no database read is needed.
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route === undefined || PUBLIC_ROUTES.has(route)) {
      done();
      return;
    }
    const remember = (identity: Identity) => {
      (request as StatefulRequest)[STATE] = {
        identity,
        peer: identity.mode === "peer" ? identity.peer : undefined,
      };
      done();
    };
    try {
      const identity = authenticate(request.headers.authorization);
      if (identity instanceof Promise) identity.then(remember, done);
      else remember(identity);
    } catch (error) {
      done(error as Error);
    }
  });

  app.addHook("onResponse", (request, reply, done) => {
    const state = (request as StatefulRequest)[STATE] ?? null;
    const status = reply.statusCode;
    const entry: GatewayLogEntry = {
      time: isoTime(),
      level: status >= 500 ? "error" : "info",
      msg: "request",
      method: request.method,
      path: pathOf(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (state !== null) {
      entry.auth = state.identity.mode;
      if (state.peer !== undefined) entry.peer = state.peer;
    }
    log.log(entry);
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
  const touch = async (peer: string, now: number) => {
    const last = lastTouch.get(peer);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    if (lastTouch.size > 10_000) lastTouch.clear();
    lastTouch.set(peer, now);
    await storage.touchPeer(peer, new Date(now).toISOString());
  };

  app.get("/health", async (_request, reply) => {
    try {
      await storage.ping();
      return reply.type("text/plain; charset=utf-8").send("ok");
    } catch {
      return reply.code(503).type("text/plain; charset=utf-8").send("database unavailable");
    }
  });

  app.get("/openapi.json", async (_request, reply) => {
    openApi ??= JSON.stringify(buildOpenApiDocument());
    return reply.type("application/json; charset=utf-8").send(openApi);
  });

  app.get("/peers", async () => {
    return { peers: await storage.listPeers() };
  });

  app.post("/peers/register", async (request, reply) => {
    const state = stateOf(request);
    const body = validateInput(RegisterBodySchema, request.body, "invalid_body");
    requireSelf(state, body.name, "register");
    state.peer = body.name;
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if (!REGISTER_FIELDS.has(key)) extra[key] = value;
    }
    const { peer, created } = await storage.registerPeer({
      name: body.name,
      url: body.url ?? null,
      capabilities: body.capabilities ?? {},
      extra,
      at: new Date().toISOString(),
    });
    return reply.code(created ? 201 : 200).send(peer);
  });

  app.patch<{ Params: { name: string } }>("/peers/:name", async (request) => {
    const state = stateOf(request);
    requireAdmin(state);
    const name = nameParam(request.params.name, "peer name");
    const body = validateInput(PatchPeerBodySchema, request.body, "invalid_body");
    const peer = await storage.setPeerEnabled(name, body.enabled);
    if (peer === undefined) throw new HttpError(404, "not_found", `no peer named '${name}'`);
    return peer;
  });

  app.post("/messages", async (request, reply) => {
    const state = stateOf(request);
    const body = validateInput(SendBodySchema, request.body, "invalid_body");
    requireSelf(state, body.from_node, "send");
    state.peer = body.from_node;
    const idempotencyKey = readIdempotencyKey(request);
    const now = Date.now();
    const result = await storage.insertMessage(
      {
        fromNode: body.from_node,
        toNode: body.to_node,
        kind: body.kind,
        content: body.content,
        relatedTaskId: body.related_task_id ?? null,
        threadId: body.thread_id ?? null,
        createdAt: isoTime(now),
      },
      idempotencyKey === undefined
        ? undefined
        : {
            key: idempotencyKey,
            notBefore: new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString(),
          },
    );
    if (result.refused !== undefined) {
      throw result.refused === "unknown_recipient"
        ? new HttpError(
            404,
            "unknown_recipient",
            `no peer named '${body.to_node}' is registered; recipients must register first`,
          )
        : new HttpError(
            409,
            "recipient_disabled",
            `peer '${body.to_node}' is disabled and does not accept messages`,
          );
    }
    const { message, created } = result;
    if (created) waiters.notify(message.to_node, message);
    return reply.code(created ? 201 : 200).send({
      id: message.id,
      from_node: message.from_node,
      to_node: message.to_node,
      kind: message.kind,
      thread_id: message.thread_id,
      created_at: message.created_at,
    });
  });

  /** The inbox a read may see: a peer token reads only its own (also its default). */
  const readableInbox = (state: RequestState, requested: string | undefined) => {
    let to = requested;
    if (state.identity.mode === "peer") {
      to ??= state.identity.peer;
      requireSelf(state, to, "read the inbox");
    }
    if (to !== undefined) state.peer ??= to;
    return to;
  };

  const streams = registerStreamRoute(app, {
    storage,
    pushInserts: storage.backend === "sqlite",
    waiters,
    ...options.streams,
    access: (request, requested) => {
      const state = stateOf(request);
      const to = readableInbox(state, requested);
      return { to, peer: state.identity.mode === "peer" ? state.identity.peer : undefined };
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

  if (options.ui) {
    registerUiRoute(app, (request) => {
      const { identity } = stateOf(request);
      return { auth: identity.mode, peer: identity.mode === "peer" ? identity.peer : null };
    });
  }

  app.get("/messages", async (request, reply) => {
    const state = stateOf(request);
    const query = validateInput(MessagesQuerySchema, request.query, "invalid_query");
    const to = readableInbox(state, query.to);
    let limit = DEFAULT_MESSAGE_LIMIT;
    if (query.limit !== undefined) {
      const parsed = Number(query.limit);
      if (parsed < 1) throw new HttpError(400, "invalid_query", "limit must be at least 1");
      limit = Math.min(parsed, MAX_MESSAGE_LIMIT);
    }
    const afterId =
      query.after_id === undefined ? 0 : Math.min(Number(query.after_id), Number.MAX_SAFE_INTEGER);
    const waitMs =
      query.wait === undefined ? 0 : Math.min(Number(query.wait), MAX_WAIT_SECONDS) * 1000;
    const unreadOnly = query.unread_only === "true" || query.unread_only === "1";
    const now = Date.now();
    if (to !== undefined) await touch(to, now);

    const filter = { to, unreadOnly, afterId, limit };
    let messages: Message[] = await storage.listMessages(filter);
    if (messages.length > 0 || waitMs <= 0) return { messages };

    // Long-poll: re-read on an in-process insert for this inbox, or every WAIT_POLL_MS for
    // inserts made by other gateway processes; stop at the deadline or on disconnect.
    const deadline = now + waitMs;
    const abort = new AbortController();
    const onClose = () => abort.abort();
    reply.raw.once("close", onClose);
    try {
      while (messages.length === 0 && !abort.signal.aborted && !waiters.closed) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) break;
        await waiters.next(to, Math.min(WAIT_POLL_MS, remaining), abort.signal);
        messages = await storage.listMessages(filter);
      }
    } finally {
      reply.raw.off("close", onClose);
    }
    return { messages };
  });

  app.post<{ Params: { msg_id: string } }>("/messages/:msg_id/read", async (request) => {
    const state = stateOf(request);
    const raw = request.params.msg_id;
    if (!/^\d+$/.test(raw)) {
      throw new HttpError(400, "invalid_id", "msg_id must be a non-negative integer message id");
    }
    const id = Number(raw);
    const notFound = () => new HttpError(404, "not_found", `no message with id ${raw}`);
    if (!Number.isSafeInteger(id)) throw notFound();
    if (state.identity.mode === "peer") {
      const message = await storage.getMessage(id);
      if (message === undefined) throw notFound();
      requireSelf(state, message.to_node, "mark read messages addressed to it");
    }
    const message = await storage.markRead(id, new Date().toISOString());
    if (message === undefined) throw notFound();
    state.peer ??= message.to_node;
    return message;
  });

  app.post("/admin/tokens", async (request, reply) => {
    const state = stateOf(request);
    requireAdmin(state);
    const body = validateInput(IssueTokenBodySchema, request.body, "invalid_body");
    const token = generatePeerToken();
    await storage.saveToken(body.peer, hashToken(token), new Date().toISOString());
    return reply.code(201).send({ peer: body.peer, token });
  });

  app.delete<{ Params: { peer: string } }>("/admin/tokens/:peer", async (request) => {
    const state = stateOf(request);
    requireAdmin(state);
    const peer = nameParam(request.params.peer, "peer");
    const revoked = await storage.revokeTokens(peer);
    streams.endPeer(peer);
    return { peer, revoked };
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const known = KNOWN_PATHS.find(([pattern]) => pattern.test(path));
    if (known !== undefined) {
      return reply
        .code(405)
        .header("allow", known[1])
        .send({
          error: "method_not_allowed",
          message: `${request.method} is not allowed on ${path.slice(0, 200)}; allowed: ${known[1]}`,
        });
    }
    return reply.code(404).send({
      error: "not_found",
      message: `no endpoint ${request.method} ${path.slice(0, 200)}; see GET /openapi.json`,
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500) {
      // Name and code only: a driver message could quote stored values.
      log.log({
        time: isoTime(),
        level: "error",
        msg: "request failed",
        method: request.method,
        path: pathOf(request.url),
        error: `${error.name}${error.code === undefined ? "" : ` ${error.code}`}`,
      });
    }
    return reply.code(status).send({ error: code, message });
  });

  return app;
}

/** The path of a request URL, without the query. */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length < 1 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new HttpError(
      400,
      "invalid_idempotency_key",
      `Idempotency-Key must be given once, 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    );
  }
  return value;
}

/** Network and PostgreSQL connection failures: the database is unavailable, not the request bad. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01"]);

function describeError(error: FastifyError): { status: number; code: string; message: string } {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return {
      status: 413,
      code: "payload_too_large",
      message: "request body is larger than 1 MiB",
    };
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, code: "invalid_request", message: error.message };
  }
  if (
    (error.code !== undefined && UNAVAILABLE_CODES.has(error.code)) ||
    error.code?.startsWith("08") === true ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(error.message)
  ) {
    return {
      status: 503,
      code: "unavailable",
      message: "the database is unavailable; retry later",
    };
  }
  return { status: 500, code: "internal_error", message: "internal error; see the gateway log" };
}
