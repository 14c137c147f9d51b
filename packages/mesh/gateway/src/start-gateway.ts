import type { Server } from "node:http";
import { isIP } from "node:net";
import { MeshValidationError } from "@mesh/errors";
import {
  DEFAULT_GATEWAY_DATABASE,
  DEFAULT_GATEWAY_HOST,
  DEFAULT_GATEWAY_PORT,
  IDEMPOTENCY_WINDOW_MS,
  PEER_NAME_FORMAT,
  PEER_NAME_PATTERN,
  STREAM_PING_MS,
} from "@mesh/protocol";
import type { FastifyInstance } from "fastify";
import { buildGatewayApp, type GatewayAppOptions, type GatewayLimits } from "./build-app.js";
import type { ContentGuardMode } from "./content-guard.js";
import type { GatewayStorage, WakeupSource } from "./gateway-storage.js";
import { CONTENT_GUARD_MODES, LIMIT_DEFAULTS } from "./limit-defaults.js";
import { listenOnOtherAddresses } from "./listen-on-other-addresses.js";
import { MessageWaiters } from "./message-waiters.js";
import {
  checkDatabase,
  checkListenDatabase,
  describeDatabase,
  isPostgresUrl,
  openStorage,
} from "./open-storage.js";
import { generatePeerToken, hashToken } from "./peer-tokens.js";
import { createLoggerSetup, type GatewayLogger } from "./request-logger.js";
import { acquireSqliteWriterLock, type SqliteWriterLock } from "./sqlite-writer-lock.js";

/** Options of `startGateway`; every field is optional. */
export interface GatewayOptions {
  /** Interface to bind. Default `'127.0.0.1'` (loopback). */
  host?: string;
  /** TCP port; `0` picks a free one. Default `8788`. */
  port?: number;
  /**
   * A SQLite file path (its directory is created), `':memory:'`, or a `postgres://` URL.
   * Default `.mesh/gateway.db` relative to the working directory.
   */
  database?: string;
  /**
   * PostgreSQL behind a transaction-mode pooler (PgBouncer `pool_mode = transaction`): a
   * `postgres://` URL of the same database that reaches PostgreSQL itself, for the gateway's one
   * `LISTEN` connection (the CLI's `--listen-database`, env `MESH_GATEWAY_LISTEN_DATABASE`).
   * Default: none; then a gateway behind a pooler polls for new messages every 250 ms (its
   * banner and `/metrics` say so).
   */
  listenDatabase?: string | undefined;
  /**
   * The admin token. Default: env `MESH_GATEWAY_TOKEN`. An empty string or `null` runs the
   * gateway in open mode (every request allowed; a warning is logged at start).
   */
  adminToken?: string | null;
  /**
   * Allow open mode (no admin token) on a host beyond loopback, where anyone who can reach the
   * port may read and send every message. Default `false`: such a start throws instead.
   */
  insecureOpen?: boolean;
  /**
   * Host names an open-mode gateway answers besides `localhost`, `127.0.0.1` and `[::1]` (any
   * port): the names clients use to reach it, e.g. `['gateway.lan']`, IPv6 addresses in
   * brackets. Other `Host` headers get 421 `misdirected_request`, so a web page cannot reach
   * the gateway through DNS rebinding. With an admin token every `Host` is answered. Default `[]`.
   */
  allowedHosts?: readonly string[];
  /** How often questions past their `reply_by` are expired (and their senders told), in ms. Default 1000. */
  receiptSweepMs?: number;
  /**
   * Interval in ms of the `: ping` comment on `GET /messages/stream`. Default `STREAM_PING_MS` of
   * `@mesh/protocol` (15000); clients drop a stream after `STREAM_IDLE_TIMEOUT_MS` of silence.
   */
  streamPingMs?: number;
  /** Open streams at most on this gateway; past it, 503 `overloaded`. Default 10000. */
  maxStreams?: number;
  /** Open streams at most per peer token; past it, 429 `rate_limited`. Default 16. */
  maxStreamsPerPeer?: number;
  /**
   * The request log (Fastify's logger, pino): `true` (default) JSON lines on stdout, `false`
   * silent, pino options, a pino-compatible instance, or a function that receives each line.
   * Tokens and message content are redacted by the logger (except in a caller's own instance).
   */
  logger?: GatewayLogger;
  /**
   * Requests per minute per peer token (per client address in open mode), in a fixed
   * one-minute window; the admin token is exempt. `0` turns the limit off. Default 1200.
   */
  rateLimitPerMinute?: number;
  /** Requests that fail authentication, per minute per client address; `0` = off. Default 30. */
  authFailuresPerMinute?: number;
  /** Time in ms for a request's headers, and then its body, to arrive; then 408. Default 10000. */
  requestBodyTimeoutMs?: number;
  /** Idle time in ms after which a keep-alive connection is closed. Default 5000. */
  keepAliveTimeoutMs?: number;
  /**
   * Request body bytes held in memory at once across all connections; one token (or address)
   * may hold an eighth. Past it, 503 `overloaded`. Default 67108864 (64 MiB).
   */
  maxBufferedBodyBytes?: number;
  /**
   * Reply bytes queued for one connection and not yet read by its client (pipelined replies
   * and the socket's buffer); past it the connection is closed. Default 8388608 (8 MiB).
   */
  maxQueuedReplyBytes?: number;
  /** Reply bytes queued across all connections; past it the connection is closed. Default 268435456 (256 MiB). */
  maxQueuedReplyBytesTotal?: number;
  /** Time in ms a client may leave queued reply bytes untaken; then its connection is closed. Default 10000. */
  replyStallTimeoutMs?: number;
  /**
   * Requests one connection may have sent and not yet had answered (HTTP pipelining); past it
   * the connection is closed. Reading stops at 64 unanswered until half are answered. Default 1024.
   */
  maxPipelinedRequests?: number;
  /** Unanswered requests across all connections; past it a pipelining connection is closed. Default 8192: each held request keeps its parsed objects, so this bounds their memory. */
  maxPipelinedRequestsTotal?: number;
  /**
   * Server-side check of DM content: `'tokens'` (default) refuses the gateway's own live
   * credentials; `'refuse'` also every `@mesh/secret-guard` rule unless the request sends
   * `Mesh-Secret-Check: skip`; `'off'` checks nothing.
   */
  contentGuard?: ContentGuardMode;
  /** Serve the web dashboard at `/ui/` (built into the package; no network at run time). Default `true`. */
  ui?: boolean;
}

export interface RunningGateway {
  /** Base URL to reach it from this machine, e.g. `http://127.0.0.1:8788`. */
  url: string;
  /** The address actually bound, as a URL: `http://0.0.0.0:8788` when it listens on every interface. */
  listenUrl: string;
  host: string;
  port: number;
  /** The database for display (`sqlite <path>` or a URL without its password). */
  database: string;
  /** `admin` when an admin token is configured, else `open`. */
  authMode: "admin" | "open";
  /** What wakes long-polls and streams: `process`, `listen` or `poll` (see `WakeupSource`). */
  wakeups: WakeupSource;
  /** The storage the gateway runs on (for seeding and inspection). */
  storage: GatewayStorage;
  /** Issues a new token for a peer (shown only here; only its hash is stored). */
  issueToken(peer: string): Promise<string>;
  /** Stops accepting, lets in-flight requests finish, answers waiting long-polls, closes the database. */
  close(): Promise<void>;
}

/** Defaults of the live-delivery options. */
const STREAM_DEFAULTS = {
  pingMs: STREAM_PING_MS,
  maxStreams: 10_000,
  maxStreamsPerPeer: 16,
} as const;
const IDEMPOTENCY_PURGE_MS = 10 * 60 * 1000;

/** Issues a token for `peer` in `storage`: the token is returned once, its SHA-256 stored. */
export async function issuePeerToken(storage: GatewayStorage, peer: string): Promise<string> {
  if (typeof peer !== "string" || !PEER_NAME_PATTERN.test(peer)) {
    throw new TypeError(`peer name does not match the peer-name format (${PEER_NAME_FORMAT})`);
  }
  const token = generatePeerToken();
  await storage.saveToken(peer, hashToken(token), new Date().toISOString());
  return token;
}

/** What an operator should know once the gateway listens: a lock taken over, open mode. */
function warnAtStart(
  app: FastifyInstance,
  at: {
    lock: SqliteWriterLock | undefined;
    database: string;
    adminToken: string | undefined;
    host: string;
  },
): void {
  if (at.lock?.tookOverFrom !== undefined) {
    app.log.warn(
      `took over the lock of ${describeDatabase(at.database)} from process ${at.lock.tookOverFrom}, which is gone`,
    );
  }
  if (at.adminToken === undefined) {
    app.log.warn(
      `open mode: no admin token (MESH_GATEWAY_TOKEN) is set, every request is allowed${
        isLoopback(at.host) ? "" : `, and the gateway listens on ${at.host}, beyond this machine`
      }`,
    );
  }
}

/** Starts the gateway HTTP server on SQLite or PostgreSQL. */
export async function startGateway(options: GatewayOptions = {}): Promise<RunningGateway> {
  const host = options.host ?? DEFAULT_GATEWAY_HOST;
  const port = options.port ?? DEFAULT_GATEWAY_PORT;
  const database = options.database ?? DEFAULT_GATEWAY_DATABASE;
  const adminToken = resolveAdminToken(options.adminToken);
  const { listenDatabase } = options;
  checkDatabase(database);
  checkListenDatabase(database, listenDatabase);
  checkOpenMode(adminToken, host, options.insecureOpen === true);
  const limits = resolveLimits(options);
  const allowedHosts = resolveAllowedHosts(options.allowedHosts);
  const logger = createLoggerSetup(options.logger ?? true);
  const waiters = new MessageWaiters();

  const { storage, lock } = await openLockedStorage(database, listenDatabase);
  const streams = resolveStreams(options);
  const ui = options.ui ?? true;
  const stopNotifications = storage.onMessage((toNode, message) => waiters.notify(toNode, message));
  let app: Awaited<ReturnType<typeof buildGatewayApp>> | undefined;
  let stopOtherAddresses = async () => {};
  try {
    app = await buildGatewayApp({
      storage,
      adminToken,
      logger: logger.fastify,
      requestLine: logger.requestLine,
      droppedLogLines: logger.droppedLines,
      waiters,
      limits,
      streams,
      ui,
      allowedHosts,
      receiptSweepMs: options.receiptSweepMs,
    });
    await app.listen({ host, port });
    stopOtherAddresses = await listenOnOtherAddresses(app.server, host);
  } catch (error) {
    await app?.close().catch(() => {});
    stopNotifications();
    await storage.close();
    lock?.release();
    throw error;
  }
  warnAtStart(app, { lock, database, adminToken, host });
  const { boundPort, url, listenUrl } = boundAddresses(app.server.address(), host, port);
  const purge = purgeIdempotencyKeys(storage);

  let closing: Promise<void> | undefined;
  return {
    url,
    listenUrl,
    host,
    port: boundPort,
    database: describeDatabase(database),
    authMode: adminToken === undefined ? "open" : "admin",
    wakeups: storage.wakeups,
    storage,
    issueToken: (peer) => issuePeerToken(storage, peer),
    close() {
      closing ??= (async () => {
        clearInterval(purge);
        waiters.close();
        // Node stops enforcing the body deadline once closing: end stalled uploads at it.
        const force = setTimeout(
          () => app.server.closeAllConnections(),
          limits.requestBodyTimeoutMs,
        );
        await stopOtherAddresses();
        await app.close();
        clearTimeout(force);
        logger.flush();
        stopNotifications();
        await storage.close();
        lock?.release();
      })();
      return closing;
    },
  };
}

/**
 * The admin token of the options, else `MESH_GATEWAY_TOKEN`. Clients trim the token and treat a
 * blank one as none; the server reads it the same way, so a whitespace-only value means open
 * mode rather than an admin token nobody can send.
 */
function resolveAdminToken(option: string | null | undefined): string | undefined {
  const configuredToken = option === undefined ? process.env["MESH_GATEWAY_TOKEN"] : option;
  const trimmedToken = configuredToken?.trim();
  return trimmedToken === undefined || trimmedToken === "" ? undefined : trimmedToken;
}

/** Refuses open mode beyond loopback unless the caller accepts it (`insecureOpen`). */
function checkOpenMode(adminToken: string | undefined, host: string, insecureOpen: boolean): void {
  if (adminToken === undefined && !isLoopback(host) && !insecureOpen) {
    throw new MeshValidationError({
      message: `refusing open mode on ${host}: without an admin token anyone who can reach the port reads and sends every message; set MESH_GATEWAY_TOKEN (option adminToken), bind to 127.0.0.1, or pass --insecure-open (option insecureOpen) to accept that`,
      code: "insecure_open",
    });
  }
}

/**
 * Opens the storage, holding the writer lock of a SQLite file: one gateway per file, since a
 * second one's sends would never reach the first one's streams.
 */
async function openLockedStorage(
  database: string,
  listenDatabase: string | undefined,
): Promise<{ storage: GatewayStorage; lock: SqliteWriterLock | undefined }> {
  const lock =
    isPostgresUrl(database) || database === ":memory:"
      ? undefined
      : acquireSqliteWriterLock(database);
  try {
    return { storage: await openStorage(database, { listenDatabase }), lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** The port bound, the URL to reach it from this machine and the URL of the address bound. */
function boundAddresses(
  address: ReturnType<Server["address"]>,
  host: string,
  port: number,
): { boundPort: number; url: string; listenUrl: string } {
  const boundPort = typeof address === "object" && address !== null ? address.port : port;
  const url = `http://${urlHost(host)}:${boundPort}`;
  const boundHost = typeof address === "object" && address !== null ? address.address : host;
  const listenUrl = `http://${isIP(boundHost) === 6 ? `[${boundHost}]` : boundHost}:${boundPort}`;
  return { boundPort, url, listenUrl };
}

/** Forgets expired idempotency keys every `IDEMPOTENCY_PURGE_MS`; the timer does not hold the process. */
function purgeIdempotencyKeys(storage: GatewayStorage): NodeJS.Timeout {
  const purge = setInterval(() => {
    storage
      .purgeIdempotencyKeys(new Date(Date.now() - IDEMPOTENCY_WINDOW_MS).toISOString())
      .catch(() => {});
  }, IDEMPOTENCY_PURGE_MS);
  purge.unref();
  return purge;
}

/** The live delivery limits of `GET /messages/stream`, with their defaults. */
function resolveStreams(options: GatewayOptions): GatewayAppOptions["streams"] {
  return {
    pingMs: options.streamPingMs ?? STREAM_DEFAULTS.pingMs,
    maxStreams: options.maxStreams ?? STREAM_DEFAULTS.maxStreams,
    maxStreamsPerPeer: options.maxStreamsPerPeer ?? STREAM_DEFAULTS.maxStreamsPerPeer,
  };
}

/** The limits with their defaults; a value out of range is a TypeError naming the option. */
function resolveLimits(options: GatewayOptions): GatewayLimits {
  const count = (name: keyof GatewayLimits, min: number): number => {
    const value = options[name] ?? LIMIT_DEFAULTS[name];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
      throw new TypeError(`${name} must be an integer of at least ${min}`);
    }
    return value;
  };
  const contentGuard = options.contentGuard ?? LIMIT_DEFAULTS.contentGuard;
  if (!CONTENT_GUARD_MODES.includes(contentGuard)) {
    throw new TypeError(`contentGuard must be one of ${CONTENT_GUARD_MODES.join(", ")}`);
  }
  return {
    rateLimitPerMinute: count("rateLimitPerMinute", 0),
    authFailuresPerMinute: count("authFailuresPerMinute", 0),
    requestBodyTimeoutMs: count("requestBodyTimeoutMs", 1),
    keepAliveTimeoutMs: count("keepAliveTimeoutMs", 1),
    maxBufferedBodyBytes: count("maxBufferedBodyBytes", 8),
    maxQueuedReplyBytes: count("maxQueuedReplyBytes", 1),
    maxQueuedReplyBytesTotal: count("maxQueuedReplyBytesTotal", 1),
    replyStallTimeoutMs: count("replyStallTimeoutMs", 1),
    maxPipelinedRequests: count("maxPipelinedRequests", 1),
    maxPipelinedRequestsTotal: count("maxPipelinedRequestsTotal", 1),
    contentGuard,
  };
}

/** `allowedHosts` checked: each a host name or bracketed IPv6 address, without a port. */
function resolveAllowedHosts(hosts: readonly string[] | undefined): string[] {
  const valid = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)$/;
  for (const host of hosts ?? []) {
    if (typeof host !== "string" || !valid.test(host)) {
      throw new TypeError(
        `allowedHosts: '${String(host).slice(0, 100)}' is not a host name (e.g. gateway.lan, 10.0.0.5, [fd00::1]; no port)`,
      );
    }
  }
  return [...(hosts ?? [])];
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return isIP(host) === 6 ? `[${host}]` : host;
}

function isLoopback(host: string): boolean {
  return (
    host === "localhost" ||
    host === "::1" ||
    (isIP(host) === 4 && host.startsWith("127.")) ||
    (isIP(host) === 6 && host.toLowerCase().startsWith("::ffff:127."))
  );
}
