import { MeshAuthError, MeshGatewayError } from "@mesh/errors";
import {
  type Message,
  MessageSchema,
  type Receipt,
  ReceiptSchema,
  STREAM_IDLE_TIMEOUT_MS,
} from "@mesh/protocol";
import {
  type GatewayStreamResponse,
  type GatewayTransport,
  readEventStream,
  sleep,
} from "@mesh/transport";
import * as v from "valibot";

const PATH = "/messages/stream";
/** First reconnect delay; doubles per failed attempt up to `MAX_BACKOFF_MS`. */
export const FIRST_BACKOFF_MS = 250;
export const MAX_BACKOFF_MS = 5000;
/** A message is at most 64 KiB of text; escaped as JSON it stays well under this. */
const MAX_LINE_CHARS = 2 * 1024 * 1024;

/** Options of {@link MeshClient.stream}. */
export interface StreamOptions {
  /** Yield only messages with a larger id. Default: only messages stored after the stream opens. */
  afterId?: number | undefined;
  /** Ends the stream: the iterator finishes cleanly. */
  signal?: AbortSignal | undefined;
  /**
   * Also yield the receipts of the messages this peer sent (delivered, read, answered,
   * expired); the items become `{ type: 'message', message }` and `{ type: 'receipt', receipt }`.
   * Receipts are not resumed after a drop: read the states with `sent()`. Default false.
   */
  receipts?: boolean | undefined;
}

/** An item of `stream({ receipts: true })`: a new message, or a receipt of one this peer sent. */
export type StreamEvent =
  | { type: "message"; message: Message }
  | { type: "receipt"; receipt: Receipt };

/** What a stream needs from its client. */
export interface StreamContext {
  /** The client's transport: the stream shares its address, token, timeout and `fetch`. */
  transport: GatewayTransport;
  /** The own peer name: the inbox read, and the sender whose own rows are dropped. */
  node: string;
  /** Aborted when the client closes. */
  closing: AbortSignal;
}

/**
 * A change of a stream's connection, for a caller that shows it: `open` each time a connection
 * is established (the first, and every one after a drop), `lost` when an open one drops and the
 * stream starts reconnecting, with the error that ended it.
 */
export type ConnectionEvent = { state: "open" } | { state: "lost"; error: unknown };

/** Called with each {@link ConnectionEvent}; what it throws is ignored. */
export type ConnectionListener = (event: ConnectionEvent) => void;

/** One item of the raw stream: where a connection starts, a message, or a receipt. */
export type StreamItem = { type: "open"; id: number } | StreamEvent;

export const StreamArgsSchema = v.object({
  afterId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  signal: v.optional(v.instance(AbortSignal)),
  receipts: v.optional(v.boolean()),
});

/**
 * Tells a listener of connection changes once per change: one `lost` for an outage however many
 * attempts fail in it, one `open` when a connection is back.
 */
export class ConnectionState {
  readonly #listener: ConnectionListener;
  #down = false;

  constructor(listener: ConnectionListener | undefined) {
    this.#listener = listener ?? (() => {});
  }

  open(): void {
    this.#down = false;
    this.#tell({ state: "open" });
  }

  /** `open`, told only after a `lost` (for polls, which have no connection to open). */
  back(): void {
    if (this.#down) this.open();
  }

  lost(error: unknown): void {
    if (this.#down) return;
    this.#down = true;
    this.#tell({ state: "lost", error });
  }

  #tell(event: ConnectionEvent): void {
    try {
      this.#listener(event);
    } catch {
      // A listener's failure is the caller's to handle; the stream goes on.
    }
  }
}

/**
 * `GET /messages/stream` of the own inbox as items, reconnecting after a drop (a closed
 * connection, a gateway restart, 45 s of silence) with `Last-Event-ID`, so no message is
 * missed or repeated. The first connection's failure is thrown (a wrong address, a gateway
 * without the stream: 404/405) unless `forever`, which retries it too (but not 404/405);
 * later ones are retried until `signal` aborts. 401/403 always throw. Ends cleanly when
 * `signal` aborts or the client closes.
 */
export async function* streamItems(
  context: StreamContext,
  afterId: number | undefined,
  stop: AbortSignal,
  connection: ConnectionState,
  forever = false,
  receipts = false,
): AsyncGenerator<StreamItem, void, undefined> {
  let cursor = afterId;
  let connected = false;
  let backoff = FIRST_BACKOFF_MS;
  while (!stop.aborted) {
    // Each connection is aborted when it ends, so a stream never outlives its iterator.
    const request = new AbortController();
    const onStop = () => request.abort();
    stop.addEventListener("abort", onStop, { once: true });
    try {
      const response = await connect(context, cursor, request.signal, receipts);
      connected = true;
      backoff = FIRST_BACKOFF_MS;
      connection.open();
      for await (const item of readItems(response, request)) {
        if (item.type === "message") cursor = item.message.id;
        else if (item.type === "open") cursor = Math.max(cursor ?? 0, item.id);
        yield item;
      }
    } catch (error) {
      if (stop.aborted) return;
      if (!mayResume(error, connected, forever)) throw error;
      connection.lost(error);
    } finally {
      stop.removeEventListener("abort", onStop);
      request.abort();
    }
    try {
      await sleep(backoff, stop);
    } catch {
      return;
    }
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }
}

/** The messages of {@link streamItems}, without the ones the own peer sent to itself. */
export async function* streamMessages(
  context: StreamContext,
  options: StreamOptions,
): AsyncGenerator<Message, void, undefined> {
  const stop = options.signal
    ? AbortSignal.any([options.signal, context.closing])
    : context.closing;
  const items = streamItems(context, options.afterId, stop, new ConnectionState(undefined));
  for await (const item of items) {
    if (item.type === "message" && item.message.from_node !== context.node) yield item.message;
  }
}

/** {@link streamMessages} with the receipts of what the own peer sent, as tagged items. */
export async function* streamEvents(
  context: StreamContext,
  options: StreamOptions,
): AsyncGenerator<StreamEvent, void, undefined> {
  const stop = options.signal
    ? AbortSignal.any([options.signal, context.closing])
    : context.closing;
  const connection = new ConnectionState(undefined);
  for await (const item of streamItems(context, options.afterId, stop, connection, false, true)) {
    if (item.type === "receipt") yield item;
    else if (item.type === "message" && item.message.from_node !== context.node) yield item;
  }
}

async function connect(
  context: StreamContext,
  cursor: number | undefined,
  signal: AbortSignal,
  receipts: boolean,
): Promise<GatewayStreamResponse> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (cursor !== undefined) headers["last-event-id"] = String(cursor);
  const response = await context.transport.openStream({
    path: PATH,
    query: receipts ? { to: context.node, receipts: "true" } : { to: context.node },
    headers,
    signal,
  });
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/event-stream")) {
    await response.body?.cancel();
    throw gatewayError(
      response.status === 200
        ? `GET ${PATH} answered ${type || "no content type"}, not an event stream; check that MESH_GATEWAY_URL points at a mesh gateway`
        : `GET ${PATH} answered status ${response.status}, not an event stream`,
      { status: response.status, retryable: false },
    );
  }
  return response;
}

async function* readItems(
  response: GatewayStreamResponse,
  request: AbortController,
): AsyncGenerator<StreamItem, void, undefined> {
  if (response.body === null) return;
  const blocks = readEventStream(response.body, {
    maxLineChars: MAX_LINE_CHARS,
    idleMs: STREAM_IDLE_TIMEOUT_MS,
    onIdle: () => request.abort(),
  });
  try {
    for await (const block of blocks) {
      const item = toItem(block.id, block.event, block.data);
      if (item !== undefined) yield item;
    }
  } catch (cause) {
    if (!(cause instanceof RangeError)) throw cause;
    throw gatewayError(`GET ${PATH} sent an event larger than any message`, { cause });
  }
  // The gateway closed the stream (restart, SIGTERM): a drop to resume from, not an end.
  throw gatewayError(`the mesh gateway closed ${PATH}`, { retryable: true });
}

function toItem(
  id: string | undefined,
  event: string,
  data: string | undefined,
): StreamItem | undefined {
  if (data === undefined) {
    const start = Number(id);
    return id !== undefined && /^\d+$/.test(id) ? { type: "open", id: start } : undefined;
  }
  if (event !== "message" && event !== "receipt") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (cause) {
    throw gatewayError(`GET ${PATH} sent an event whose data is not JSON`, { cause });
  }
  if (event === "receipt") {
    const receipt = v.safeParse(ReceiptSchema, json);
    if (!receipt.success) {
      throw gatewayError(`GET ${PATH} sent a receipt event that is not a receipt record`, {});
    }
    return { type: "receipt", receipt: receipt.output };
  }
  const parsed = v.safeParse(MessageSchema, json);
  if (!parsed.success) {
    throw gatewayError(`GET ${PATH} sent an event that is not a message record`, {});
  }
  return { type: "message", message: parsed.output };
}

function gatewayError(
  message: string,
  options: { status?: number; cause?: unknown; retryable?: boolean },
): MeshGatewayError {
  return new MeshGatewayError({
    message,
    method: "GET",
    path: PATH,
    status: options.status,
    cause: options.cause,
    isRetryable: options.retryable === true,
  });
}

/** Whether the stream (or a watch) at 404/405 means "this gateway has no stream". */
export function isMissingStream(error: unknown): boolean {
  return MeshGatewayError.isInstance(error) && (error.status === 404 || error.status === 405);
}

/**
 * Whether to reconnect after `error`: never after 401/403; after a retryable failure once a
 * connection was open; with `forever`, after any gateway failure except a missing stream on
 * the first connection (the caller falls back to polling).
 */
function mayResume(error: unknown, connected: boolean, forever: boolean): boolean {
  if (MeshAuthError.isInstance(error)) return false;
  if (forever) return (connected || !isMissingStream(error)) && isGatewayFailure(error);
  return connected && isRetryable(error);
}

/** A failure of the gateway or the connection to it, not of the caller's code. */
export function isGatewayFailure(error: unknown): boolean {
  return MeshGatewayError.isInstance(error) || isRetryable(error);
}

function isRetryable(error: unknown): boolean {
  if (MeshGatewayError.isInstance(error)) return error.isRetryable;
  // A body read cut by the idle timer or the network surfaces as an abort or a type error.
  return error instanceof Error && (error.name === "AbortError" || error.name === "TypeError");
}
