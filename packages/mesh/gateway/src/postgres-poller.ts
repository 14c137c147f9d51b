import type pg from "pg";
import type { AccessWatch } from "./access-watch.js";
import type { PostgresListener } from "./postgres-listener.js";
import { RECEIPT_PREFIX } from "./postgres-receipts.js";

/** Interval of the wake-up poll, in ms: at most four queries a second per gateway. */
export const WAKE_POLL_MS = 250;

/** Messages one poll looks at, at most; past it everyone is woken and the poll jumps ahead. */
const POLL_ROWS = 1000;

/**
 * New messages since `$1`, oldest first, `$2` at most: their highest id, how many there were,
 * and their distinct recipients. Message ids commit in increasing order, so a cursor on the id
 * never skips one that commits late. In the same query: which of the token hashes `$3` are
 * gone, which of the peers `$4` are disabled (see `AccessWatch`), and the receipts logged since
 * `$5` (`$2` at most; they too commit in sequence order).
 */
const POLL = `SELECT fresh.last, fresh.rows, fresh.recipients,
    (SELECT array_agg(h) FROM unnest($3::text[]) AS h WHERE NOT EXISTS (SELECT 1 FROM tokens t WHERE t.hash = h)) AS gone,
    (SELECT array_agg(name) FROM peers WHERE name = ANY($4::text[]) AND NOT enabled) AS disabled,
    receipts.last AS receipt_last, receipts.payloads AS receipts
  FROM (SELECT max(seq) AS last, array_agg(payload ORDER BY seq) AS payloads
    FROM (SELECT seq, payload FROM message_receipts WHERE seq > $5 ORDER BY seq LIMIT $2) AS r) AS receipts, (SELECT max(id) AS last, count(*)::int AS rows, array_agg(DISTINCT to_node) AS recipients
    FROM (SELECT id, to_node FROM messages WHERE id > $1 ORDER BY id LIMIT $2) AS m) AS fresh`;

interface PollRow {
  last: string | null;
  rows: number;
  recipients: string[] | null;
  gone: string[] | null;
  disabled: string[] | null;
  receipt_last: string | null;
  receipts: string[] | null;
}

/** Where both cursors start: what was stored before the first poll was not announced. */
const LAST_ROWS = `SELECT (SELECT COALESCE(max(id), 0) FROM messages) AS last,
  (SELECT COALESCE(max(seq), 0) FROM message_receipts) AS receipt_last`;

/** Access changes the poll carries: what it checks, and the payload announcing a peer. */
export interface PollAccess {
  watch: AccessWatch;
  payload: (peer: string) => string;
}

/**
 * The wake-ups of `createPostgresListener` without `LISTEN`, for a gateway behind a
 * transaction-mode pooler with no direct URL (a `LISTEN` there lands on a server connection
 * that other clients then use): one query every `intervalMs` for all the gateway's waiters
 * while anyone subscribes, emitting each new message's recipient (`undefined`, everyone, once
 * it starts, after a failed poll, and when more than 1000 messages arrived since the last one),
 * with `access`, a payload for each peer whose token went or who was disabled elsewhere, and
 * each receipt logged since (the payload a `NOTIFY` would carry).
 */
export function createPostgresPoller(
  pool: pg.Pool,
  intervalMs = WAKE_POLL_MS,
  access?: PollAccess,
): PostgresListener {
  const listeners = new Set<(payload: string | undefined) => void>();
  let cursor: number | undefined;
  let receiptCursor = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let failed = false;
  const emit = (payload: string | undefined) => {
    for (const listener of listeners) listener(payload);
  };

  const lastId = async () => {
    const { rows } = await pool.query<{ last: string }>(
      "SELECT COALESCE(max(id), 0) AS last FROM messages",
    );
    return Number(rows[0]!.last);
  };
  const poll = async (): Promise<void> => {
    if (cursor === undefined) {
      const { rows } = await pool.query<{ last: string; receipt_last: string }>(LAST_ROWS);
      cursor = Number(rows[0]!.last);
      receiptCursor = Number(rows[0]!.receipt_last);
      // Like a new LISTEN: what was stored before was not announced.
      emit(undefined);
      return;
    }
    const check = access?.watch.check();
    const { rows } = await pool.query<PollRow>(POLL, [
      cursor,
      POLL_ROWS,
      check?.hashes ?? [],
      check?.peers ?? [],
      receiptCursor,
    ]);
    const row = rows[0]!;
    if (row.receipt_last !== null) receiptCursor = Number(row.receipt_last);
    for (const payload of row.receipts ?? []) emit(RECEIPT_PREFIX + payload);
    if (access !== undefined && check !== undefined) {
      for (const peer of access.watch.changed(check, row.gone ?? [], row.disabled ?? [])) {
        emit(access.payload(peer));
      }
    }
    if (row.last === null) return;
    if (row.rows >= POLL_ROWS) {
      // Everything up to the new cursor committed before the wake-up, so a woken waiter's
      // next read sees it; later messages are the next poll's.
      cursor = await lastId();
      emit(undefined);
      return;
    }
    cursor = Number(row.last);
    for (const recipient of row.recipients ?? []) emit(recipient);
  };
  const tick = async () => {
    try {
      await poll();
      if (failed) emit(undefined);
      failed = false;
    } catch {
      // The database is unreachable for now: keep the cursor and wake everyone once it answers.
      failed = true;
    }
    if (!closed && listeners.size > 0) {
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    } else timer = undefined;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (timer === undefined && !closed) {
        timer = setTimeout(tick, 0);
        timer.unref();
      }
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
