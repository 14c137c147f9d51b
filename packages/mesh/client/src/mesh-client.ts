import { MeshError, MeshGatewayError, MeshValidationError } from "@mesh/errors";
import {
  normalizeNodeName,
  type PeerAliases,
  resolveAliases,
  type ValidateNodeNameOptions,
  validateNodeName,
} from "@mesh/names";
import {
  DM_KINDS,
  type DmKind,
  FreeFormObjectSchema,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_MESSAGE_LIMIT,
  MAX_PEER_PAGES,
  MAX_REFERENCE_LENGTH,
  MAX_WAIT_SECONDS,
  type Message,
  MessageListBodySchema,
  MessageSchema,
  MIN_MESSAGE_LIMIT,
  type Peer,
  PeerListBodySchema,
  PeerSchema,
  type SentMessage,
  SentMessageSchema,
  type Thread,
  ThreadListBodySchema,
  ThreadSchema,
} from "@mesh/protocol";
import { GatewayTransport, nextPageQuery, requestPages, resolveGateway } from "@mesh/transport";
import * as v from "valibot";
import { type MessagesQuery, MessagesQuerySchema, messagesWireQuery } from "./message-query.js";
import { readListBody } from "./read-list-body.js";
import { readMessageRecord } from "./read-message-record.js";
import {
  type ConnectionEvent,
  StreamArgsSchema,
  type StreamEvent,
  type StreamOptions,
  streamEvents,
  streamMessages,
} from "./stream-messages.js";
import { type WatchContext, watchMessages } from "./watch-messages.js";

/** Options of {@link MeshClient}. */
export interface MeshClientOptions {
  /** Own peer name (required). Sent as `name` on register and `from_node` on send. */
  node: string;
  /** Gateway bearer token. Default: env `MESH_GATEWAY_TOKEN`; blank means none (no `Authorization` header). */
  token?: string | undefined;
  /** Gateway base address. Default: env `MESH_GATEWAY_URL`, else `http://localhost:8788`. */
  gatewayUrl?: string | undefined;
  /** Per-attempt request timeout in ms (a `wait` long poll adds its wait). Default 10000. */
  timeout?: number | undefined;
  /**
   * Normalize the own name offline (format and aliases, no registry lookup): `drop` becomes
   * `droplet`. A name that fails normalization is kept as given. Default `true`.
   */
  validateSelfName?: boolean | undefined;
  /** A `fetch` to use instead of the global one (which pools connections). */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Extra attempts of the idempotent calls (`listPeers`, `fetch`, `markRead`, `watch`) after a
   * connection failure or status 408, 429, 500, 502, 503, 504. Default 2, at most 10. `register`
   * and `send` are never retried.
   */
  retries?: number | undefined;
  /**
   * First retry pause in ms, doubling per attempt, with ±25 % jitter; a `Retry-After` answer
   * raises it (to at most 10 s). Default 200.
   */
  retryDelayMs?: number | undefined;
  /**
   * Alias -> canonical name, for the own name and every name given to a call. Default:
   * `MESH_ALIASES` when set (empty means none), else `KNOWN_ALIASES` of `@mesh/names`; like
   * `MESH_GATEWAY_URL`, the variable is read when the client is made.
   */
  aliases?: PeerAliases | undefined;
}

/** Options of {@link MeshClient.register}. */
export interface RegisterOptions {
  /** Network URL of the peer's own service. Omitted from the request when absent. */
  url?: string | undefined;
  /** Free-form advertisement, e.g. `{ can_claim_tasks: true }`. Omitted when absent. */
  capabilities?: Record<string, unknown> | undefined;
}

/** Options of {@link MeshClient.fetch}. */
export interface FetchMessagesOptions {
  /** Whose inbox to read. Default: the own name (then own-sent rows are dropped). */
  toNode?: string | undefined;
  /** Only messages not yet marked read. Default `false` (the query is then not sent). */
  unreadOnly?: boolean | undefined;
  /** Maximum number of rows, at least 1. Default: the gateway's (100; it caps at 1000). */
  limit?: number | undefined;
  /** Only messages with a larger id (a paging cursor). Default: no cursor. */
  afterId?: number | undefined;
  /** Only messages of this thread (1 to 200 characters). Default: every thread. */
  threadId?: string | undefined;
  /** Only messages from this sender. Default: every sender. */
  from?: string | undefined;
  /** Only messages between the inbox and this peer. Default: every peer. */
  with?: string | undefined;
  /** Words that must all occur in the content, case-insensitive, the last one as a prefix. */
  q?: string | undefined;
  /**
   * Seconds (0 to 30) the gateway may hold the request until a matching message exists; the
   * request's timeout grows by as much. Default 0: answer at once.
   */
  waitSeconds?: number | undefined;
}

/** Options of {@link MeshClient.send}. */
export interface SendOptions {
  /** Recipient peer name; aliases resolve to the canonical name (`drop` -> `droplet`). */
  to: string;
  /** One of {@link DM_KINDS}. */
  kind: DmKind;
  /** Message body. Treated as public: the credential guard refuses content holding a credential. */
  content: string;
  /** Reference to a task, 1 to 200 characters. */
  relatedTaskId?: string | undefined;
  /** Thread reference, 1 to 200 characters. */
  threadId?: string | undefined;
  /**
   * A question's deadline (an RFC 3339 time or a `Date`, at most 30 days ahead): past it, still
   * unanswered, the gateway expires it and tells the sender (`state: 'expired'`).
   */
  replyBy?: string | Date | undefined;
  /**
   * Skip the credential guard entirely (including the own-token check), and ask the gateway
   * to skip its generic rules too (`Mesh-Secret-Check: skip`; it still refuses its own tokens).
   * Only for reviewed false positives. Default `false`.
   */
  skipSecretCheck?: boolean | undefined;
  /**
   * Sent as the `Idempotency-Key` header: a repeat with the same key within 24 h returns the
   * first message and stores nothing new. 1 to 200 printable ASCII characters. Default: a new
   * random UUID per call (a failed send's `MeshGatewayError.idempotencyKey` holds it).
   */
  idempotencyKey?: string | undefined;
}

/** Options of {@link MeshClient.threads}. */
export interface ThreadsOptions {
  /** Threads per page, 1 to 200. Default 50. */
  limit?: number | undefined;
  /** Only threads whose last message id is smaller (the previous page's last `last_id`). */
  beforeId?: number | undefined;
  /** Only threads holding a message with these words. */
  q?: string | undefined;
  /** The admin token only: the threads of this peer. */
  peer?: string | undefined;
}

/** Options of {@link MeshClient.sent}. */
export interface SentOptions {
  /** Only messages in this receipt state (e.g. `sent`: nobody picked them up yet), where the gateway records receipts. */
  state?: string | undefined;
  /** Start after this message id. Default 0. */
  afterId?: number | undefined;
  /** Messages at most, at least 1. Default: the gateway's (100). */
  limit?: number | undefined;
}

/** Options of {@link MeshClient.watch}. */
export interface WatchOptions {
  /** Pause between polls in ms when the gateway answers at once (no long poll). Default 5000. */
  intervalMs?: number | undefined;
  /** Stops the watch: the iterator ends cleanly. */
  signal?: AbortSignal | undefined;
  /** How long in ms the gateway may hold a poll open until a message arrives (sent as `wait`, whole seconds, at most 30 s). 0 never asks. Default 20000. */
  waitMs?: number | undefined;
  /** Yield only messages with a larger id. Default 0 (every unread message already waiting, then new ones). */
  afterId?: number | undefined;
  /**
   * `false`: skip the unread messages already waiting, and yield only those stored after the
   * watch opens (when `afterId` is also given, whichever starts later). Default `true`.
   */
  backlog?: boolean | undefined;
  /**
   * `'forever'`: only an auth failure (401/403) ends the watch. Any other gateway failure (the
   * gateway down at the start, a backlog read or a poll failing) is told to `onConnection` as
   * `lost`, and the watch starts again after the last message it yielded, with a doubling pause
   * (250 ms up to 5 s), until the gateway is back. Default: a connection is resumed only after it
   * was open, and another failure ends the watch with its error.
   */
  reconnect?: "forever" | undefined;
  /**
   * Told when the live stream's connection opens (at the start and after each reconnect) and
   * once when the gateway is lost (the watch reconnects by itself), e.g. to show that the
   * gateway is down and when it is back. Polling a gateway without the stream tells `open` only
   * when a poll succeeds after a loss. Default none.
   */
  onConnection?: ((event: ConnectionEvent) => void) | undefined;
}

const positiveMs = v.pipe(v.number(), v.finite(), v.minValue(1));
const optionalText = v.optional(
  v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_REFERENCE_LENGTH)),
);

const ClientOptionsSchema = v.object({
  node: v.pipe(v.string(), v.minLength(1)),
  token: v.optional(v.string()),
  gatewayUrl: v.optional(v.string()),
  timeout: v.optional(positiveMs),
  validateSelfName: v.optional(v.boolean()),
  fetch: v.optional(v.function()),
  aliases: v.optional(v.record(v.string(), v.string())),
  retries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10))),
  retryDelayMs: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
});

const SendArgsSchema = v.object({
  content: v.string(),
  relatedTaskId: optionalText,
  threadId: optionalText,
  replyBy: v.optional(v.union([v.pipe(v.string(), v.isoTimestamp()), v.date()])),
  skipSecretCheck: v.optional(v.boolean()),
  idempotencyKey: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH),
      v.regex(/^[\x21-\x7e][\x20-\x7e]*$/),
    ),
  ),
});

const FetchArgsSchema = v.object({
  toNode: v.optional(v.string()),
  from: v.optional(v.string()),
  with: v.optional(v.string()),
  q: MessagesQuerySchema.entries.q,
  unreadOnly: v.optional(v.boolean()),
  limit: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(MIN_MESSAGE_LIMIT))),
  afterId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  threadId: optionalText,
  waitSeconds: v.optional(
    v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_WAIT_SECONDS)),
  ),
});

const ThreadsArgsSchema = v.object({
  limit: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  beforeId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  q: MessagesQuerySchema.entries.q,
  peer: v.optional(v.pipe(v.string(), v.minLength(1))),
});

const SentArgsSchema = v.object({
  state: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,32}$/))),
  afterId: MessagesQuerySchema.entries.afterId,
  limit: MessagesQuerySchema.entries.limit,
});

const RegisterArgsSchema = v.object({
  url: v.optional(v.string()),
  capabilities: v.optional(FreeFormObjectSchema),
});

const WatchArgsSchema = v.object({
  intervalMs: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
  signal: v.optional(v.instance(AbortSignal)),
  waitMs: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
  afterId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  backlog: v.optional(v.boolean()),
  reconnect: v.optional(v.literal("forever")),
  onConnection: v.optional(v.function()),
});

const MessageIdSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

type SecretGuard = typeof import("@mesh/secret-guard");
let secretGuard: SecretGuard | undefined;

/**
 * The guard's every-rule entry, loaded by the first send: importing it costs a command that
 * never sends (`mesh peers`) a few ms. Later sends take it without an await. `CredentialLeakError`
 * comes from the small spec entry, which shares the class.
 */
async function loadSecretGuard(): Promise<SecretGuard> {
  secretGuard ??= await import("@mesh/secret-guard");
  return secretGuard;
}

/** node:crypto's, taken at the first send (importing the module costs a command ~4 ms). */
let randomUUID: (() => string) | undefined;

/**
 * Async client of the mesh gateway: peer registry, direct messages and mark-read. One client
 * pools its connections; close it with `close()` or `await using`.
 */
export class MeshClient {
  /** The own peer name after normalization (or as given when it could not be normalized). */
  readonly node: string;
  /** The gateway base address in use, without a trailing slash. */
  readonly gatewayUrl: string;
  readonly #token: string | undefined;
  readonly #aliases: PeerAliases;
  readonly #transport: GatewayTransport;
  /** What `send` checks a recipient with, frozen: `validateNodeName` resolves it once. */
  readonly #nameCheck: ValidateNodeNameOptions;
  /** Aborted by `close()`, so that watches in progress stop. */
  readonly #closing = new AbortController();

  constructor(options: MeshClientOptions) {
    const opts = parseArgs(ClientOptionsSchema, options ?? {}, "MeshClient options");
    this.#aliases = resolveAliases(opts.aliases);
    const validateSelfName = opts.validateSelfName ?? true;
    this.node = validateSelfName ? normalizeOrKeep(opts.node, this.#aliases) : opts.node;
    const { gatewayUrl, token } = resolveGateway(opts);
    this.gatewayUrl = gatewayUrl;
    this.#token = token;
    this.#transport = new GatewayTransport({
      gatewayUrl,
      token,
      timeout: opts.timeout ?? 10_000,
      retries: opts.retries ?? 2,
      retryDelayMs: opts.retryDelayMs ?? 200,
      fetch: opts.fetch as typeof globalThis.fetch | undefined,
    });
    // The registry check goes through the client's own transport: same address, token, fetch.
    this.#nameCheck = Object.freeze({
      strict: false,
      aliases: this.#aliases,
      transport: this.#transport,
    });
  }

  /**
   * `GET /peers`: every registered peer, by name, reading page after page through the `Link`
   * header. Rejects with `MeshGatewayError` when more than `MAX_PEER_PAGES` pages are announced.
   */
  async listPeers(): Promise<Peer[]> {
    this.#assertOpen();
    const peers: Peer[] = [];
    const pages = requestPages(
      this.#transport,
      { path: "/peers", idempotent: true },
      MAX_PEER_PAGES,
    );
    for await (const data of pages) {
      if (data === undefined) continue;
      const rows =
        readListBody(data, "peers") ??
        parseResponse(PeerListBodySchema, data, "GET", "/peers", "a peer list");
      for (const row of rows) peers.push(parseResponse(PeerSchema, row, "GET", "/peers", "a peer"));
    }
    return peers;
  }

  /**
   * `POST /peers/register`: registers (or updates) the own peer. Never retried automatically.
   * Resolves `null` when the gateway acknowledged with an empty body.
   */
  async register(options: RegisterOptions = {}): Promise<Peer | null> {
    this.#assertOpen();
    const args = parseArgs(RegisterArgsSchema, options, "register options");
    const body: Record<string, unknown> = { name: this.node };
    if (args.url !== undefined) body["url"] = args.url;
    if (args.capabilities !== undefined) body["capabilities"] = args.capabilities;
    const path = "/peers/register";
    const data = await this.#transport.request({ method: "POST", path, body, idempotent: false });
    if (data === undefined) return null;
    return parseResponse(PeerSchema, data, "POST", path, "a peer");
  }

  /**
   * `GET /messages` for one inbox (default: the own one), oldest first. Never marks anything
   * read. Reading the own inbox drops the rows the client sent to itself.
   */
  async fetch(options: FetchMessagesOptions = {}): Promise<Message[]> {
    this.#assertOpen();
    const args = parseArgs(FetchArgsSchema, options, "fetch options");
    const target =
      args.toNode === undefined || args.toNode === this.node
        ? this.node
        : normalizeNodeName(args.toNode, { aliases: this.#aliases });
    const query: Record<string, string> = { to: target };
    if (args.unreadOnly === true) query["unread_only"] = "true";
    if (args.limit !== undefined) query["limit"] = String(args.limit);
    if (args.afterId !== undefined) query["after_id"] = String(args.afterId);
    if (args.threadId !== undefined) query["thread"] = args.threadId;
    if (args.from !== undefined) query["from"] = this.#name(args.from);
    if (args.with !== undefined) query["with"] = this.#name(args.with);
    if (args.q !== undefined) query["q"] = args.q;
    const waitSeconds = args.waitSeconds ?? 0;
    if (waitSeconds > 0) query["wait"] = String(waitSeconds);
    const { rows } = await this.#readPage(query, undefined, waitSeconds * 1000);
    return target === this.node ? rows.filter((row) => row.from_node !== this.node) : rows;
  }

  /**
   * `POST /messages`. Steps in order, and no request when one fails: the kind check
   * (`MeshValidationError`), recipient validation and alias resolution (`InvalidPeerNameError`,
   * `NotInRegistryError`; an unreachable registry is skipped), the credential guard with the
   * client's own token as a known secret (`CredentialLeakError`), then one POST with an
   * `Idempotency-Key`. Never retried: a failed send's `MeshGatewayError` carries the key, so the
   * caller can repeat it without risking a duplicate. Resolves `null` when the gateway
   * acknowledged with an empty body.
   */
  async send(options: SendOptions): Promise<SentMessage | null> {
    this.#assertOpen();
    const kind: unknown = options?.kind;
    if (typeof kind !== "string" || !(DM_KINDS as readonly string[]).includes(kind)) {
      throw new MeshValidationError({
        message: `unknown DM kind ${typeof kind === "string" ? `'${kind}'` : `(a ${typeof kind})`}: use one of ${DM_KINDS.join(", ")}`,
        code: "invalid_kind",
      });
    }
    const args = parseArgs(SendArgsSchema, options, "send options");
    const to = await validateNodeName(options.to, this.#nameCheck);
    if (args.skipSecretCheck !== true) {
      const { assertNoSecrets } = secretGuard ?? (await loadSecretGuard());
      assertNoSecrets(args.content, { knownSecrets: this.#token ? [this.#token] : [] });
    }
    const body: Record<string, unknown> = {
      from_node: this.node,
      to_node: to,
      kind,
      content: args.content,
    };
    if (args.relatedTaskId !== undefined) body["related_task_id"] = args.relatedTaskId;
    if (args.threadId !== undefined) body["thread_id"] = args.threadId;
    if (args.replyBy !== undefined) {
      body["reply_by"] = args.replyBy instanceof Date ? args.replyBy.toISOString() : args.replyBy;
    }
    randomUUID ??= process.getBuiltinModule("node:crypto").randomUUID;
    const idempotencyKey = args.idempotencyKey ?? randomUUID();
    const data = await this.#transport.request({
      method: "POST",
      path: "/messages",
      body,
      headers:
        args.skipSecretCheck === true
          ? { "idempotency-key": idempotencyKey, "mesh-secret-check": "skip" }
          : { "idempotency-key": idempotencyKey },
      idempotent: false,
      idempotencyKey,
    });
    if (data === undefined) return null;
    const record = readMessageRecord(data, false);
    if (record !== undefined) return record;
    const parsed = v.safeParse(SentMessageSchema, data);
    if (!parsed.success) {
      // The gateway said 2xx, so the message is probably stored: say so, to prevent a blind resend.
      throw new MeshGatewayError({
        message: `POST /messages succeeded but the response is not a message record (${describeIssue(parsed.issues)}); the message may have been delivered: check the recipient's inbox, or repeat the send with the same idempotencyKey`,
        method: "POST",
        path: "/messages",
        idempotencyKey,
        isRetryable: false,
      });
    }
    return parsed.output;
  }

  /** `POST /messages/{msgId}/read`: marks one message read. Repeating it is harmless. */
  async markRead(msgId: number): Promise<void> {
    this.#assertOpen();
    const id = parseArgs(MessageIdSchema, msgId, "message id");
    const path = `/messages/${id}/read`;
    await this.#transport.request({ method: "POST", path, idempotent: true });
  }

  /**
   * `GET /messages/{id}`: one message the caller sent or received (the admin: any), content
   * included; `null` for an empty body. An unknown id, or one the caller may not read, rejects
   * with `MeshGatewayError` (`status` 404, `serverCode` `not_found`).
   */
  async get(id: number): Promise<Message | null> {
    this.#assertOpen();
    const messageId = parseArgs(MessageIdSchema, id, "message id");
    const path = `/messages/${messageId}`;
    const data = await this.#transport.request({ method: "GET", path, idempotent: true });
    if (data === undefined) return null;
    return (
      readMessageRecord(data, true) ?? parseResponse(MessageSchema, data, "GET", path, "a message")
    );
  }

  /**
   * Every message of a thread the caller may read (a peer: what it sent and received), oldest
   * first, every page.
   */
  async thread(threadId: string, options: { limit?: number | undefined } = {}): Promise<Message[]> {
    const all: Message[] = [];
    for await (const message of this.messages({
      threadId,
      limit: options.limit ?? MAX_MESSAGE_LIMIT,
    })) {
      all.push(message);
    }
    return all;
  }

  /**
   * `GET /threads`: one page of the threads the caller took part in (the admin: all), newest
   * activity first; the next page starts `beforeId` the last row's `last_id`.
   */
  async threads(options: ThreadsOptions = {}): Promise<Thread[]> {
    this.#assertOpen();
    const args = parseArgs(ThreadsArgsSchema, options, "threads options");
    const query: Record<string, string> = {};
    if (args.limit !== undefined) query["limit"] = String(args.limit);
    if (args.beforeId !== undefined) query["before_id"] = String(args.beforeId);
    if (args.q !== undefined) query["q"] = args.q;
    if (args.peer !== undefined) query["peer"] = this.#name(args.peer);
    const path = "/threads";
    const data = await this.#transport.request({ method: "GET", path, query, idempotent: true });
    if (data === undefined) return [];
    const rows =
      readListBody(data, "threads") ??
      parseResponse(ThreadListBodySchema, data, "GET", path, "a thread list");
    return rows.map((row) => parseResponse(ThreadSchema, row, "GET", path, "a thread"));
  }

  /** One page of the messages the own peer sent, oldest first (`state` filters by receipt state). */
  async sent(options: SentOptions = {}): Promise<Message[]> {
    this.#assertOpen();
    const args = parseArgs(SentArgsSchema, options, "sent options");
    const query = messagesWireQuery({ from: this.node, afterId: args.afterId, limit: args.limit });
    if (args.state !== undefined) query["state"] = args.state;
    return (await this.#readPage(query)).rows;
  }

  /**
   * One page of the messages holding every word of `q` (case-insensitive, the last word as a
   * prefix) among those the caller may read (a peer: both directions), oldest first.
   */
  async search(q: string, query: Omit<MessagesQuery, "q"> = {}): Promise<Message[]> {
    this.#assertOpen();
    const args = parseArgs(MessagesQuerySchema, { ...query, q }, "search options");
    return (await this.#readPage(messagesWireQuery(this.#names(args)))).rows;
  }

  /**
   * The messages of `query`, oldest first, one by one, reading page after page through the
   * `Link` header until the last. A peer's own rows are kept. Never marks anything read.
   */
  async *messages(query: MessagesQuery = {}): AsyncGenerator<Message, void, undefined> {
    this.#assertOpen();
    const args = parseArgs(MessagesQuerySchema, query, "messages query");
    let wire: Record<string, string> | undefined = messagesWireQuery(this.#names(args));
    while (wire !== undefined) {
      const page = await this.#readPage(wire);
      yield* page.rows;
      wire = page.next;
    }
  }

  /**
   * New messages of the own inbox as they are stored, over `GET /messages/stream`: after
   * `afterId`, or (default) only those stored after the stream opens. A dropped connection is
   * resumed with `Last-Event-ID`, so nothing is missed or repeated. With `receipts: true` the
   * items are tagged, `{ type: 'message', message }` and `{ type: 'receipt', receipt }` (a
   * message this peer sent changed state). Never marks anything read; the gateway records the
   * messages it carries as delivered. Ends when `signal` aborts or the client closes.
   */
  stream(options: StreamOptions & { receipts: true }): AsyncGenerator<StreamEvent, void, undefined>;
  stream(options?: StreamOptions): AsyncGenerator<Message, void, undefined>;
  stream(options: StreamOptions = {}): AsyncGenerator<Message | StreamEvent, void, undefined> {
    this.#assertOpen();
    const args = parseArgs(StreamArgsSchema, options, "stream options");
    return args.receipts === true
      ? streamEvents(this.#watchContext(), args)
      : streamMessages(this.#watchContext(), args);
  }

  /**
   * The unread messages already waiting in the own inbox, then each new one as it arrives,
   * oldest first, each once: live over the stream, or with `wait` long polls against a gateway
   * without it. Never marks anything read. Ends when `signal` aborts or the client closes; a
   * gateway error that survives the retries ends it with that error, unless `reconnect: 'forever'`.
   */
  async *watch(options: WatchOptions = {}): AsyncGenerator<Message, void, undefined> {
    this.#assertOpen();
    const args = parseArgs(WatchArgsSchema, options, "watch options");
    yield* watchMessages(this.#watchContext(), args);
  }

  /**
   * Stops watches in progress and refuses further calls. Idempotent. Connections belong to the
   * fetch in use: the global one keeps idle ones briefly for reuse and never holds the process open.
   */
  async close(): Promise<void> {
    if (this.#closing.signal.aborted) return;
    this.#closing.abort(
      new MeshError({ code: "client_closed", message: "the mesh client was closed" }),
    );
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** A peer name argument, normalized (aliases resolved). */
  #name(name: string): string {
    return name === this.node ? name : normalizeNodeName(name, { aliases: this.#aliases });
  }

  /** The peer names of a query, normalized. */
  #names<
    T extends { to?: string | undefined; from?: string | undefined; with?: string | undefined },
  >(query: T): T {
    const named = { ...query };
    if (named.to !== undefined) named.to = this.#name(named.to);
    if (named.from !== undefined) named.from = this.#name(named.from);
    if (named.with !== undefined) named.with = this.#name(named.with);
    return named;
  }

  /** One page of `GET /messages` and the query of the next one (from its `Link` header). */
  async #readPage(
    query: Record<string, string>,
    signal?: AbortSignal,
    extraTimeoutMs?: number,
  ): Promise<{ rows: Message[]; next: Record<string, string> | undefined }> {
    const { data, headers } = await this.#transport.requestWithHeaders({
      method: "GET",
      path: "/messages",
      query,
      idempotent: true,
      ...(signal ? { signal } : {}),
      ...(extraTimeoutMs ? { extraTimeoutMs } : {}),
    });
    const next = nextPageQuery(headers.get("link"));
    if (data === undefined) return { rows: [], next };
    const rows =
      readListBody(data, "messages") ??
      parseResponse(MessageListBodySchema, data, "GET", "/messages", "a message list");
    // The hand-written reader first; the schema only for a row it refuses, to say what is wrong.
    const messages = rows.map(
      (row) =>
        readMessageRecord(row, true) ??
        parseResponse(MessageSchema, row, "GET", "/messages", "a message"),
    );
    return { rows: messages, next };
  }

  #watchContext(): WatchContext {
    return {
      transport: this.#transport,
      node: this.node,
      closing: this.#closing.signal,
      readMessages: async (query, signal, extraTimeoutMs) =>
        (await this.#readPage(query, signal, extraTimeoutMs)).rows,
    };
  }

  #assertOpen(): void {
    if (this.#closing.signal.aborted) {
      throw new MeshError({
        code: "client_closed",
        message: "the mesh client is closed; create a new MeshClient to talk to the gateway",
      });
    }
  }
}

function normalizeOrKeep(name: string, aliases: PeerAliases | undefined): string {
  try {
    return normalizeNodeName(name, { aliases });
  } catch {
    return name;
  }
}

function parseArgs<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  what: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw new MeshValidationError({ message: `invalid ${what}: ${describeIssue(result.issues)}` });
  }
  return result.output;
}

function parseResponse<const S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  method: string,
  path: string,
  expected: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const got = data === undefined ? "an empty body" : describeIssue(result.issues);
    throw new MeshGatewayError({
      message: `${method} ${path} returned a response that is not ${expected} (${got}); check that MESH_GATEWAY_URL points at a mesh gateway`,
      method,
      path,
      isRetryable: false,
    });
  }
  return result.output;
}

function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "invalid value";
  // `expected` rather than `message`: the message quotes the received value, which may be sensitive.
  const key = v.getDotPath(issue);
  const what = issue.expected ? `expected ${issue.expected}` : `failed the ${issue.type} check`;
  return key ? `${key}: ${what}` : what;
}
