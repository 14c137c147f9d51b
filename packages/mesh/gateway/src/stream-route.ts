import type { ServerResponse } from "node:http";
import { MessagesQuerySchema, type StrictMessage } from "@mesh/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GatewayStorage } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { deliverMessages, type ReceiptRequest } from "./message-delivery.js";
import { matchesReading, type Reading, type ReadingRequest } from "./message-reading.js";
import type { MessageWaiters } from "./message-waiters.js";
import { type ReceiptHub, receiptEvent } from "./receipt-hub.js";
import { StreamSlots } from "./stream-slots.js";
import { textJsonBytes } from "./text-json-bytes.js";
import { validateInput } from "./validate-input.js";

/** Rows read per database query while a stream catches up. */
const DRAIN_BATCH = 100;
/** Text bytes of one read, however many rows that is: a stalled reader holds no more. */
const DRAIN_BATCH_BYTES = 1024 * 1024;
/**
 * Event bytes gathered before one write while a stream catches up; the drain then waits for
 * the socket whenever it is full, so a reader holds at most about this plus one event (a
 * 64 KiB content of control characters is ~400 KB as JSON) in the gateway's memory.
 */
const WRITE_CHUNK_BYTES = 64 * 1024;
/** A reader that has not drained its socket at this many pings in a row is cut off. */
const MAX_STALLED_PINGS = 2;
/** SSE `retry:` hint sent once: how long an EventSource-like client waits before reconnecting. */
const RETRY_HINT_MS = 2000;

/** Whose messages a stream may carry, decided by the app's access rules. */
export interface StreamAccess {
  /** The messages the stream carries (its filters under the caller's rights). */
  reading: Reading;
  /** The peer whose token opened the stream (counted against `maxStreamsPerPeer`). */
  peer: string | undefined;
  /** Whose own session the stream is: its events deliver the messages addressed to that peer. */
  recipient?: string | undefined;
  /** The sender whose receipts the stream carries too. */
  receiptsOf?: string | undefined;
}

export interface StreamRouteOptions {
  storage: GatewayStorage;
  /**
   * Write a message this process stored straight to idle streams instead of reading it back.
   * Sound only where this process stores every message and its notifications come in id order
   * (SQLite with its single writer); elsewhere every wake-up reads the database.
   */
  pushInserts: boolean;
  /** The in-process notification point that also wakes long-poll waiters. */
  waiters: MessageWaiters;
  /** Receipts by sender, for the streams that carry them. */
  receipts: ReceiptHub;
  /** Interval of `: ping` comments in ms. */
  pingMs: number;
  /** Open streams at most, across all callers. */
  maxStreams: number;
  /** Open streams at most per peer token (admin and open mode count only against `maxStreams`). */
  maxStreamsPerPeer: number;
  /** Applies the rights of `GET /messages` to the requested filters; throws an `HttpError` to refuse. */
  access: (request: FastifyRequest, query: ReadingRequest & ReceiptRequest) => StreamAccess;
  /** Whether the credential that opened the stream is still valid (checked at every ping). */
  stillAuthorized: (request: FastifyRequest) => Promise<boolean>;
}

/** Lets the app end streams at once, e.g. when a peer's tokens are revoked. */
export interface StreamHub {
  /** Number of open streams. */
  readonly size: number;
  /** Stream slots taken: open streams and those still being set up. */
  readonly slots: number;
  /** Event bytes written to streams and not yet taken by their readers' sockets. */
  readonly bufferedBytes: number;
  /** Ends every stream opened with a token of `peer`. */
  endPeer(peer: string): void;
}

interface OpenStream {
  access: StreamAccess;
  unreadOnly: boolean;
  request: FastifyRequest;
  raw: ServerResponse;
  cursor: number;
  draining: boolean;
  /** A wake-up came in while draining: read again afterwards. */
  again: boolean;
  ended: boolean;
  /** Pings in a row at which the reader had not taken the data written before. */
  stalledPings: number;
  /** The response headers are out: the stream is live. */
  started: boolean;
  unsubscribe: () => void;
  /** Gives the stream's slot back (the one place it is given back). */
  release: () => void;
}

/**
 * `GET /messages/stream`: Server-Sent Events of new messages with the rights and filters of
 * `GET /messages`. The stream subscribes before it reads its starting point and before it
 * answers, so a client holding the response headers misses nothing stored afterwards.
 */
export function registerStreamRoute(
  app: FastifyInstance,
  options: StreamRouteOptions,
): { hub: StreamHub; handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void> } {
  const streams = new Set<OpenStream>();
  const slots = new StreamSlots(options.maxStreams, options.maxStreamsPerPeer);

  /** The one place a stream's slot and subscription go back, on every path (setup included). */
  const forget = (stream: OpenStream): boolean => {
    if (stream.ended) return false;
    stream.ended = true;
    stream.unsubscribe();
    streams.delete(stream);
    stream.release();
    return true;
  };
  const end = (stream: OpenStream) => {
    if (!forget(stream)) return;
    // Not started, or a stalled reader that would keep an ended response's buffer forever:
    // drop the connection.
    if (!stream.started || stream.raw.writableNeedDrain) stream.raw.destroy();
    else stream.raw.end();
  };

  const drain = (stream: OpenStream) => drainStream(stream, options.storage, end);

  const ping = pingStreams(streams, options, end);

  app.addHook("preClose", (done) => {
    clearInterval(ping);
    for (const stream of streams) end(stream);
    done();
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = validateInput(MessagesQuerySchema, request.query, "invalid_query");
    const access = options.access(request, query);
    const unreadOnly = query.unread_only === "true" || query.unread_only === "1";
    const resumeFrom = resumeCursor(request.headers["last-event-id"], query.after_id);
    const raw = reply.raw;
    // Taken before the first await, so simultaneous opens count each other; from here every
    // path (a client gone during setup, a failed read, revocation, close) goes through `end`.
    const stream: OpenStream = {
      access,
      unreadOnly,
      request,
      raw,
      cursor: 0,
      draining: false,
      again: false,
      ended: false,
      stalledPings: 0,
      started: false,
      unsubscribe: () => {},
      release: slots.take(access.peer),
    };
    streams.add(stream);
    raw.once("close", () => end(stream));
    // A client gone before the handler ran already had its close event: end at once.
    if (request.raw.socket.destroyed) {
      end(stream);
      reply.hijack();
      return;
    }
    subscribeStream(stream, options, drain);
    try {
      stream.cursor = resumeFrom ?? (await latestId(options.storage));
    } catch (error) {
      // Not started: the error reply (503 when the database is gone) still goes out.
      forget(stream);
      throw error;
    }
    reply.hijack();
    // The client left (or the stream was ended) while it was set up: nothing more to send.
    if (request.raw.socket.destroyed) end(stream);
    if (stream.ended) return;
    startStream(stream);
    if (resumeFrom !== undefined || stream.again) void drain(stream);
  };

  const hub = streamHub(streams, slots, end);
  return { hub, handler };
}

/**
 * Writes the messages after the stream's cursor, in batches, with backpressure; a wake-up that
 * comes in meanwhile reads again afterwards. A failed read ends the stream.
 */
async function drainStream(
  stream: OpenStream,
  storage: GatewayStorage,
  end: (stream: OpenStream) => void,
): Promise<void> {
  if (stream.draining) {
    stream.again = true;
    return;
  }
  stream.draining = true;
  try {
    do {
      stream.again = false;
      let rows: Awaited<ReturnType<GatewayStorage["listMessages"]>>;
      do {
        rows = await storage.listMessages({
          ...stream.access.reading,
          unreadOnly: stream.unreadOnly,
          afterId: stream.cursor,
          limit: DRAIN_BATCH,
          maxBytes: DRAIN_BATCH_BYTES,
        });
        if (stream.ended) return;
        const { recipient } = stream.access;
        const events =
          recipient === undefined ? rows : await deliverMessages(storage, rows, recipient);
        if (stream.ended) return;
        let chunk = "";
        for (const message of events) {
          chunk += sseEvent(message);
          stream.cursor = message.id;
          // Backpressure: a slow reader holds about one chunk in memory, never a queue.
          if (chunk.length >= WRITE_CHUNK_BYTES) {
            const full = !stream.raw.write(chunk);
            chunk = "";
            if (full) await drained(stream.raw);
            if (stream.ended) return;
          }
        }
        if (chunk !== "" && !stream.raw.write(chunk)) await drained(stream.raw);
      } while (batchFull(rows) && !stream.ended);
    } while (stream.again && !stream.ended);
  } catch {
    // A failed read (database gone) ends the stream; the client resumes with Last-Event-ID.
    end(stream);
  } finally {
    stream.draining = false;
  }
}

/**
 * Pings every live stream each `pingMs`: a reader that has not taken what was written at
 * `MAX_STALLED_PINGS` pings in a row is cut off, and a peer's stream ends once its token no
 * longer authenticates.
 */
function pingStreams(
  streams: ReadonlySet<OpenStream>,
  options: Pick<StreamRouteOptions, "pingMs" | "stillAuthorized">,
  end: (stream: OpenStream) => void,
): NodeJS.Timeout {
  const ping = setInterval(() => {
    for (const stream of streams) {
      if (!stream.started) continue;
      if (stream.raw.writableNeedDrain) {
        if (++stream.stalledPings >= MAX_STALLED_PINGS) end(stream);
        continue;
      }
      stream.stalledPings = 0;
      stream.raw.write(": ping\n\n");
      if (stream.access.peer === undefined) continue;
      options.stillAuthorized(stream.request).then(
        (valid) => {
          if (!valid) end(stream);
        },
        () => end(stream),
      );
    }
  }, options.pingMs);
  ping.unref();
  return ping;
}

/** Subscribes a stream to new messages (and its sender's receipts) before it reads its start. */
function subscribeStream(
  stream: OpenStream,
  options: StreamRouteOptions,
  drain: (stream: OpenStream) => Promise<void>,
): void {
  const { access, raw } = stream;
  // Subscribed before the starting point is read: an insert in between wakes a drain.
  // Wake-ups come per recipient: a stream of one inbox hears only its own.
  const { reading } = access;
  stream.unsubscribe = options.waiters.subscribe(reading.to, (message) => {
    const matches = message === undefined ? undefined : matchesReading(reading, message);
    if (matches === false) return;
    if (!stream.started) {
      stream.again = true;
    } else if (
      message !== undefined &&
      matches === true &&
      options.pushInserts &&
      !stream.draining &&
      !raw.writableNeedDrain
    ) {
      // Caught up and in id order: the message is the next one (or already sent).
      if (message.id > stream.cursor) {
        stream.cursor = message.id;
        raw.write(sseEvent(pushDelivered(options.storage, message, access.recipient)));
      }
    } else {
      void drain(stream);
    }
  });
  if (access.receiptsOf !== undefined) {
    const stopMessages = stream.unsubscribe;
    const stopReceipts = options.receipts.subscribe(access.receiptsOf, (receipt) => {
      if (stream.started && !stream.ended) raw.write(receiptEvent(receipt));
    });
    stream.unsubscribe = () => {
      stopMessages();
      stopReceipts();
    };
  }
}

/** The app's view of the open streams. */
function streamHub(
  streams: ReadonlySet<OpenStream>,
  slots: StreamSlots,
  end: (stream: OpenStream) => void,
): StreamHub {
  return {
    get size() {
      return streams.size;
    },
    get slots() {
      return slots.size;
    },
    get bufferedBytes() {
      let bytes = 0;
      for (const stream of streams) bytes += stream.raw.writableLength;
      return bytes;
    },
    endPeer(peer) {
      for (const stream of streams) if (stream.access.peer === peer) end(stream);
    },
  };
}

/** The id a stream resumes after: `Last-Event-ID` wins over `after_id`; `undefined` for neither. */
function resumeCursor(header: string | string[] | undefined, afterId: string | undefined) {
  const value = header ?? afterId;
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d{1,16}$/.test(value.trim())) {
    throw new HttpError({
      code: "invalid_query",
      message: "Last-Event-ID and after_id must be one non-negative integer message id",
    });
  }
  return Math.min(Number(value.trim()), Number.MAX_SAFE_INTEGER);
}

/** Sends the response headers and the starting point of a hijacked stream. */
function startStream(stream: OpenStream): void {
  const raw = stream.raw;
  // Neither the idle timeout nor a body deadline may cut a live stream.
  stream.request.raw.socket.setTimeout(0);
  // The stream is the connection's last response, its body ending when the connection closes:
  // no chunked framing, so an event is one write of its own bytes (and one less parse per
  // event at the reader), not four buffers and a deferred uncork.
  raw.removeHeader("transfer-encoding");
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-store",
    connection: "close",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  // An id-only block dispatches no event but tells the client where it starts, so a
  // reconnect after a drop resumes there even when no message came in between.
  raw.write(`retry: ${RETRY_HINT_MS}\nid: ${stream.cursor}\n\n`);
  stream.started = true;
}

/** The largest stored id (0 for none): a fresh stream carries only what comes after it. */
async function latestId(storage: GatewayStorage): Promise<number> {
  const [last] = await storage.listMessages({ unreadOnly: false, limit: 1 });
  return last?.id ?? 0;
}

/**
 * A message pushed to its recipient's own stream, delivered: the update runs at once (the
 * storage that pushes, SQLite, writes synchronously) and the event shows its time.
 */
function pushDelivered(
  storage: GatewayStorage,
  message: StrictMessage,
  recipient: string | undefined,
): StrictMessage {
  if (recipient === undefined || message.to_node !== recipient || message.delivered_at !== null) {
    return message;
  }
  const at = new Date().toISOString();
  storage.markDelivered(recipient, [message.id], at).catch(() => {});
  return { ...message, delivered_at: at, state: "delivered" };
}

/** The last message framed: a send wakes every stream it concerns with the same object. */
let lastFramed: { message: StrictMessage; frame: string } | undefined;

function sseEvent(message: StrictMessage): string {
  if (lastFramed?.message !== message) {
    const frame = `id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
    lastFramed = { message, frame };
  }
  return lastFramed.frame;
}

function drained(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off("drain", done);
      raw.off("close", done);
      resolve();
    };
    raw.on("drain", done);
    raw.on("close", done);
  });
}

/** Whether a drain read stopped at a bound (rows or bytes), so more may follow its last row. */
function batchFull(rows: readonly StrictMessage[]): boolean {
  if (rows.length >= DRAIN_BATCH) return true;
  // The JSON size the query sums, or more (older rows are summed by raw size): never short.
  let bytes = 0;
  for (const row of rows) {
    bytes += textJsonBytes(row.content);
    if (row.thread_id !== null) bytes += textJsonBytes(row.thread_id);
    if (row.related_task_id !== null) bytes += textJsonBytes(row.related_task_id);
  }
  return bytes >= DRAIN_BATCH_BYTES;
}
