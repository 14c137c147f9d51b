import { MeshAuthError, MeshGatewayError } from "@mesh/errors";
import {
  isRetryableStatus,
  type Message,
  MessageSchema,
  STREAM_IDLE_TIMEOUT_MS,
} from "@mesh/protocol";
import { SseParser, sleep } from "@mesh/transport";
import * as v from "valibot";

const PATH = "/messages/stream";
/** First reconnect delay; doubles per failed attempt up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5000;
/** A message is at most 64 KiB of text; escaped as JSON it stays well under this. */
const MAX_LINE_CHARS = 2 * 1024 * 1024;

/** Options of {@link MeshClient.stream}. */
export interface StreamOptions {
  /** Yield only messages with a larger id. Default: only messages stored after the stream opens. */
  afterId?: number | undefined;
  /** Ends the stream: the iterator finishes cleanly. */
  signal?: AbortSignal | undefined;
}

/** What a stream needs from its client. */
export interface StreamContext {
  gatewayUrl: string;
  token: string | undefined;
  /** Time in ms the response headers may take. */
  timeout: number;
  /** A caller's fetch; `undefined`: the global one (a stream's connection closes with it). */
  fetch: typeof globalThis.fetch | undefined;
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

/** One item of the raw stream: where a connection starts, or a message. */
export type StreamItem = { type: "open"; id: number } | { type: "message"; message: Message };

export const StreamArgsSchema = v.object({
  afterId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  signal: v.optional(v.instance(AbortSignal)),
});

/**
 * `GET /messages/stream` of the own inbox as items, reconnecting after a drop (a closed
 * connection, a gateway restart, 45 s of silence) with `Last-Event-ID`, so no message is
 * missed or repeated. The first connection's failure is thrown (a wrong address, a gateway
 * without the stream: 404/405); later ones are retried until `signal` aborts. 401/403 always
 * throw. Ends cleanly when `signal` aborts or the client closes.
 */
export async function* streamItems(
  context: StreamContext,
  afterId: number | undefined,
  signal: AbortSignal | undefined,
  onConnection?: ConnectionListener,
): AsyncGenerator<StreamItem, void, undefined> {
  const stop = signal ? AbortSignal.any([signal, context.closing]) : context.closing;
  // Each connection is aborted when it ends (see `reconnecting`), so a stream never outlives
  // its iterator; the global fetch opens another connection for the client's other calls.
  const fetch = context.fetch ?? globalThis.fetch;
  yield* reconnecting(context, fetch, afterId, stop, onConnection ?? (() => {}));
}

function tell(listener: ConnectionListener, event: ConnectionEvent): void {
  try {
    listener(event);
  } catch {
    // A listener's failure is the caller's to handle; the stream goes on.
  }
}

type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

async function* reconnecting(
  context: StreamContext,
  fetch: FetchFunction,
  afterId: number | undefined,
  stop: AbortSignal,
  onConnection: ConnectionListener,
): AsyncGenerator<StreamItem, void, undefined> {
  let cursor = afterId;
  let connected = false;
  let backoff = FIRST_BACKOFF_MS;
  while (!stop.aborted) {
    const connection = new AbortController();
    const onStop = () => connection.abort();
    stop.addEventListener("abort", onStop, { once: true });
    try {
      const response = await connect(context, fetch, cursor, connection);
      connected = true;
      backoff = FIRST_BACKOFF_MS;
      tell(onConnection, { state: "open" });
      for await (const item of readItems(response, connection)) {
        if (item.type === "message") cursor = item.message.id;
        else cursor = Math.max(cursor ?? 0, item.id);
        yield item;
      }
    } catch (error) {
      if (stop.aborted) return;
      if (!connected || !isRetryable(error)) throw error;
      // Once per outage: the failed reconnects that follow stay quiet until one opens.
      if (backoff === FIRST_BACKOFF_MS) tell(onConnection, { state: "lost", error });
    } finally {
      stop.removeEventListener("abort", onStop);
      connection.abort();
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
  for await (const item of streamItems(context, options.afterId, options.signal)) {
    if (item.type === "message" && item.message.from_node !== context.node) yield item.message;
  }
}

async function connect(
  context: StreamContext,
  fetch: FetchFunction,
  cursor: number | undefined,
  connection: AbortController,
): Promise<Response> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (context.token) headers["authorization"] = `Bearer ${context.token}`;
  if (cursor !== undefined) headers["last-event-id"] = String(cursor);
  const url = `${context.gatewayUrl}${PATH}?${new URLSearchParams({ to: context.node })}`;
  const timer = setTimeout(() => connection.abort(new HeadersTimeout()), context.timeout);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: connection.signal });
  } catch (cause) {
    if (connection.signal.reason instanceof HeadersTimeout) {
      throw gatewayError(
        `no response headers within ${context.timeout} ms from the mesh gateway at ${origin(context)}; check that it is running or raise the client's \`timeout\``,
        { cause, retryable: true },
      );
    }
    throw gatewayError(
      `could not reach the mesh gateway at ${origin(context)}; check MESH_GATEWAY_URL and that the gateway is running`,
      { cause, retryable: true },
    );
  } finally {
    clearTimeout(timer);
  }
  const status = response.status;
  if (status === 401 || status === 403) {
    await response.body?.cancel();
    throw new MeshAuthError({
      message: `GET ${PATH}: the mesh gateway ${status === 401 ? "did not accept the token" : "refused the token for this inbox"} (status ${status}); set MESH_GATEWAY_TOKEN or pass the \`token\` option with a token this gateway accepts`,
      method: "GET",
      path: PATH,
      status,
    });
  }
  const type = response.headers.get("content-type") ?? "";
  if (status !== 200 || !type.startsWith("text/event-stream")) {
    await response.body?.cancel();
    throw gatewayError(
      status === 200
        ? `GET ${PATH} answered ${type || "no content type"}, not an event stream; check that MESH_GATEWAY_URL points at a mesh gateway`
        : `GET ${PATH} failed with status ${status}`,
      { status, retryable: isRetryableStatus(status) },
    );
  }
  return response;
}

async function* readItems(
  response: Response,
  connection: AbortController,
): AsyncGenerator<StreamItem, void, undefined> {
  if (response.body === null) return;
  const parser = new SseParser(MAX_LINE_CHARS);
  let idle = setTimeout(() => connection.abort(), STREAM_IDLE_TIMEOUT_MS);
  try {
    for await (const text of response.body.pipeThrough(new TextDecoderStream())) {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(), STREAM_IDLE_TIMEOUT_MS);
      for (const block of parse(parser, text)) {
        const item = toItem(block.id, block.event, block.data);
        if (item !== undefined) yield item;
      }
    }
  } finally {
    clearTimeout(idle);
  }
  // The gateway closed the stream (restart, SIGTERM): a drop to resume from, not an end.
  throw gatewayError(`the mesh gateway closed ${PATH}`, { retryable: true });
}

function parse(parser: SseParser, text: string) {
  try {
    return parser.push(text);
  } catch (cause) {
    throw gatewayError(`GET ${PATH} sent an event larger than any message`, { cause });
  }
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
  if (event !== "message") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (cause) {
    throw gatewayError(`GET ${PATH} sent an event whose data is not JSON`, { cause });
  }
  const parsed = v.safeParse(MessageSchema, json);
  if (!parsed.success) {
    throw gatewayError(`GET ${PATH} sent an event that is not a message record`, {});
  }
  return { type: "message", message: parsed.output };
}

class HeadersTimeout extends Error {}

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

function isRetryable(error: unknown): boolean {
  if (MeshGatewayError.isInstance(error)) return error.isRetryable;
  // A body read cut by the idle timer or the network surfaces as an abort or a type error.
  return error instanceof Error && (error.name === "AbortError" || error.name === "TypeError");
}

function origin(context: StreamContext): string {
  return URL.parse(context.gatewayUrl)?.origin ?? "(invalid address)";
}
