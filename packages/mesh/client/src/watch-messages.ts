import { MeshGatewayError } from "@mesh/errors";
import { MAX_WAIT_SECONDS, type Message } from "@mesh/protocol";
import { sleep } from "@mesh/transport";
import { type ConnectionListener, type StreamContext, streamItems } from "./stream-messages.js";

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
  onConnection?: ConnectionListener | undefined;
}

/**
 * The unread backlog of the own inbox, then every new message from the stream. The stream
 * opens first and names the id it starts after; the backlog is read up to that id, so nothing
 * falls between the two. A gateway without the stream (404/405) is watched with `wait` long
 * polls instead.
 */
export async function* watchMessages(
  context: WatchContext,
  args: WatchArgs,
): AsyncGenerator<Message, void, undefined> {
  const stop = args.signal ? AbortSignal.any([args.signal, context.closing]) : context.closing;
  let cursor = args.afterId ?? 0;
  let streamed = false;
  try {
    for await (const item of streamItems(context, undefined, stop, args.onConnection)) {
      if (item.type === "open") {
        if (streamed) continue;
        streamed = true;
        for (const message of await readBacklog(context, cursor, item.id, stop)) {
          cursor = message.id;
          yield message;
        }
        continue;
      }
      if (item.message.id <= cursor) continue;
      cursor = item.message.id;
      if (item.message.from_node !== context.node) yield item.message;
    }
    return;
  } catch (error) {
    if (stop.aborted) return;
    if (streamed || !isMissingStream(error)) throw error;
  }
  yield* pollMessages(context, { ...args, afterId: cursor }, stop);
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

function isMissingStream(error: unknown): boolean {
  return error instanceof MeshGatewayError && (error.status === 404 || error.status === 405);
}

/**
 * Polls the own inbox for unread messages and yields each once, oldest first, with the
 * gateway's `after_id` cursor and `wait` long poll (a gateway that ignores them still works:
 * rows are deduplicated by id).
 */
async function* pollMessages(
  context: WatchContext,
  args: WatchArgs,
  stop: AbortSignal,
): AsyncGenerator<Message, void, undefined> {
  const intervalMs = args.intervalMs ?? 5000;
  const waitSeconds = Math.min(MAX_WAIT_SECONDS, Math.ceil((args.waitMs ?? 20_000) / 1000));
  let cursor = args.afterId ?? 0;
  while (!stop.aborted) {
    const started = performance.now();
    const query: Record<string, string> = {
      to: context.node,
      unread_only: "true",
      after_id: String(cursor),
    };
    if (waitSeconds > 0) query["wait"] = String(waitSeconds);
    let rows: Message[];
    try {
      rows = await context.readMessages(query, stop, waitSeconds * 1000);
    } catch (error) {
      if (stop.aborted) return;
      throw error;
    }
    const fresh = rows.filter((row) => row.id > cursor).sort((a, b) => a.id - b.id);
    for (const row of fresh) {
      cursor = Math.max(cursor, row.id);
      if (row.from_node === context.node) continue;
      if (stop.aborted) return;
      yield row;
    }
    if (fresh.length > 0) continue;
    const pause = intervalMs - (performance.now() - started);
    if (pause > 0) {
      try {
        await sleep(pause, stop);
      } catch {
        return;
      }
    }
  }
}
