import pg from "pg";

/** Delay before a dropped listening connection reconnects, in ms (doubles up to the maximum). */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

export interface PostgresListener {
  /** `listener` gets each notification's payload, or `undefined` after a reconnect (anything may have been missed). */
  subscribe(listener: (payload: string | undefined) => void): () => void;
  close(): Promise<void>;
}

/**
 * One connection per gateway that `LISTEN`s on `channel` and fans notifications out to the
 * subscribers; opened on the first subscription, reconnected with backoff when it drops.
 * Waiters and streams are woken by it, so nothing polls the database.
 */
export function createPostgresListener(
  connectionString: string,
  channel: string,
): PostgresListener {
  const listeners = new Set<(payload: string | undefined) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  const emit = (payload: string | undefined) => {
    for (const listener of listeners) listener(payload);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on("notification", (note) => emit(note.payload));
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end();
        return;
      }
      delay = RECONNECT_MIN_MS;
      // Messages stored while no connection listened were not announced: wake everyone once.
      emit(undefined);
    } catch {
      reconnect(next);
    }
  };
  const reconnect = (failed: pg.Client) => {
    if (closed || client !== failed || timer !== undefined) return;
    client = undefined;
    failed.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (client === undefined && timer === undefined && !closed) void connect();
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      listeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
