import { MeshAuthError } from "@mesh/errors";
import { MAX_WAIT_SECONDS, type Message } from "@mesh/protocol";
import { sleep } from "@mesh/transport";
import {
  type ConnectionListener,
  ConnectionState,
  FIRST_BACKOFF_MS,
  isGatewayFailure,
  isMissingStream,
  MAX_BACKOFF_MS,
  type StreamContext,
  streamItems,
} from "./stream-messages.js";

/** Rows per backlog page. */
const BACKLOG_PAGE = 100;

/** What a watch needs from its client beyond the stream. */
export interface WatchContext extends StreamContext {
  /** `GET /messages` with the given query, parsed. */
  readMessages(
    query: Record<string, string>,
    signal: AbortSignal,
    extraTimeoutMs?: number,
  ): Promise<Message[]>;
}

/** Parsed options of `watch` (see `WatchOptions`). */
export interface WatchArgs {
  intervalMs?: number | undefined;
  signal?: AbortSignal | undefined;
  waitMs?: number | undefined;
  afterId?: number | undefined;
  backlog?: boolean | undefined;
  reconnect?: "forever" | undefined;
  onConnection?: ConnectionListener | undefined;
}

/** Where a watch stands, kept across its restarts. */
interface WatchState {
  /** The largest id yielded or skipped so far. */
  cursor: number;
  /** Whether unread messages up to the stream's start are still to be yielded. */
  backlog: boolean;
  /** The gateway has no stream (404/405): long polls instead. */
  polling: boolean;
  connection: ConnectionState;
}

/**
 * The unread backlog of the own inbox, then every new message from the stream. The stream
 * opens first and names the id it starts after; the backlog is read up to that id, so nothing
 * falls between the two. A gateway without the stream (404/405) is watched with `wait` long
 * polls instead. With `reconnect: 'forever'` only an auth failure (401/403) ends the watch:
 * any other gateway failure is told to `onConnection` and the watch starts again after the
 * last message it yielded.
 */
export async function* watchMessages(
  context: WatchContext,
  args: WatchArgs,
): AsyncGenerator<Message, void, undefined> {
  const stop = args.signal ? AbortSignal.any([args.signal, context.closing]) : context.closing;
  const state: WatchState = {
    cursor: args.afterId ?? 0,
    backlog: args.backlog !== false,
    polling: false,
    connection: new ConnectionState(args.onConnection),
  };
  const forever = args.reconnect === "forever";
  let backoff = FIRST_BACKOFF_MS;
  while (!stop.aborted) {
    try {
      if (state.polling) yield* pollMessages(context, args, stop, state);
      else yield* watchStream(context, stop, state, forever);
      return;
    } catch (error) {
      if (stop.aborted) return;
      if (!state.polling && isMissingStream(error)) {
        state.polling = true;
        continue;
      }
      if (!forever || MeshAuthError.isInstance(error) || !isGatewayFailure(error)) throw error;
      state.connection.lost(error);
    }
    try {
      await sleep(backoff, stop);
    } catch {
      return;
    }
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }
}

/** The backlog up to the stream's start, then the stream. */
async function* watchStream(
  context: WatchContext,
  stop: AbortSignal,
  state: WatchState,
  forever: boolean,
): AsyncGenerator<Message, void, undefined> {
  let opened = false;
  for await (const item of streamItems(context, undefined, stop, state.connection, forever)) {
    if (item.type === "open") {
      // Later opens resume with Last-Event-ID: nothing falls between them.
      if (opened) continue;
      opened = true;
      if (!state.backlog) state.cursor = Math.max(state.cursor, item.id);
      state.backlog = true;
      for (const message of await readBacklog(context, state.cursor, item.id, stop)) {
        state.cursor = message.id;
        yield message;
      }
      continue;
    }
    if (item.type !== "message" || item.message.id <= state.cursor) continue;
    state.cursor = item.message.id;
    if (item.message.from_node !== context.node) yield item.message;
  }
}

/** Unread messages of the own inbox with `after < id <= upTo`, oldest first. */
async function readBacklog(
  context: WatchContext,
  after: number,
  upTo: number,
  stop: AbortSignal,
): Promise<Message[]> {
  const backlog: Message[] = [];
  let cursor = after;
  while (cursor < upTo) {
    const query = {
      to: context.node,
      unread_only: "true",
      after_id: String(cursor),
      limit: String(BACKLOG_PAGE),
    };
    const rows = (await context.readMessages(query, stop)).filter((row) => row.id > cursor);
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      if (row.id > upTo) return backlog;
      cursor = row.id;
      if (row.from_node !== context.node) backlog.push(row);
    }
    if (rows.length < BACKLOG_PAGE) break;
  }
  return backlog;
}

/**
 * Polls the own inbox for unread messages and yields each once, oldest first, with the
 * gateway's `after_id` cursor and `wait` long poll (a gateway that ignores them still works:
 * rows are deduplicated by id). Without the backlog, the first poll only moves the cursor.
 */
async function* pollMessages(
  context: WatchContext,
  args: WatchArgs,
  stop: AbortSignal,
  state: WatchState,
): AsyncGenerator<Message, void, undefined> {
  const intervalMs = args.intervalMs ?? 5000;
  const waitSeconds = Math.min(MAX_WAIT_SECONDS, Math.ceil((args.waitMs ?? 20_000) / 1000));
  while (!stop.aborted) {
    const started = performance.now();
    const wait = state.backlog ? waitSeconds : 0;
    const query: Record<string, string> = {
      to: context.node,
      unread_only: "true",
      after_id: String(state.cursor),
    };
    if (wait > 0) query["wait"] = String(wait);
    const rows = await context.readMessages(query, stop, wait * 1000);
    state.connection.back();
    const fresh = rows.filter((row) => row.id > state.cursor).sort((a, b) => a.id - b.id);
    const yielding = state.backlog;
    state.backlog = true;
    for (const row of fresh) {
      state.cursor = Math.max(state.cursor, row.id);
      if (!yielding || row.from_node === context.node) continue;
      if (stop.aborted) return;
      yield row;
    }
    if (fresh.length > 0) continue;
    const pause = intervalMs - (performance.now() - started);
    if (pause > 0) await sleep(pause, stop);
  }
}
