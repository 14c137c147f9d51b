import type pg from "pg";
import type { ReceiptBacklog, SenderReceipt } from "./gateway-storage.js";
import { namedStatement } from "./named-statement.js";
import { OLDEST_UNREAD_PEERS } from "./receipt-limits.js";
import { stateSqlOf } from "./storage-schema.js";

/** Notifications on the message channel that carry a receipt (no peer name starts with `!`). */
export const RECEIPT_PREFIX = "!receipt:";

/** How long receipts stay in `message_receipts` for gateways that poll instead of listening. */
const RECEIPT_LOG_SECONDS = 60;

/**
 * Answers: a statement trigger sets `answered_at`/`answer_id` of the earlier unanswered
 * questions each stored answer's sender was asked by its recipient in the same thread, in the
 * insert's transaction (skipped at once for a batch without answers).
 *
 * Receipts: a statement trigger on every update of messages turns each change of a row's state
 * into a receipt, logs it in `message_receipts` (read by gateways that poll) and announces it on
 * the message channel (heard by gateways that listen). An advisory lock makes log entries commit
 * in sequence order, so a polling cursor never skips one.
 */
export const POSTGRES_RECEIPTS = `
  CREATE TABLE message_receipts (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    payload TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE FUNCTION mesh_message_answers() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $fn$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM inserted_rows WHERE kind = 'answer' AND thread_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    UPDATE messages q SET answered_at = a.created_at, answer_id = a.id
      FROM (SELECT DISTINCT ON (q2.id) q2.id AS question_id, a2.id, a2.created_at
            FROM inserted_rows a2 JOIN messages q2 ON q2.thread_id = a2.thread_id
              AND q2.kind = 'question' AND q2.from_node = a2.to_node AND q2.to_node = a2.from_node
              AND q2.answered_at IS NULL AND q2.id < a2.id
            WHERE a2.kind = 'answer' AND a2.thread_id IS NOT NULL
            ORDER BY q2.id, a2.id) AS a
      WHERE q.id = a.question_id;
    RETURN NULL;
  END $fn$;
  CREATE TRIGGER messages_answers AFTER INSERT ON messages
    REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION mesh_message_answers();
  CREATE FUNCTION mesh_message_receipts() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $fn$
  DECLARE
    payloads text[];
  BEGIN
    SELECT array_agg(json_build_object('from_node', c.from_node, 'message_id', c.id,
        'to_node', c.to_node, 'state', c.state,
        'at', to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text ORDER BY c.id)
      INTO payloads
      FROM (SELECT n.id, n.from_node, n.to_node, ${stateSqlOf("n")} AS state, ${stateSqlOf("o")} AS before,
              CASE WHEN n.answered_at IS NOT NULL THEN n.answered_at WHEN n.expired_at IS NOT NULL
                THEN n.expired_at WHEN n.read_at IS NOT NULL THEN n.read_at ELSE n.delivered_at END AS at
            FROM new_rows n JOIN old_rows o ON o.id = n.id) AS c
      WHERE c.state <> c.before;
    IF payloads IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('mesh.receipts.' || TG_TABLE_SCHEMA));
    INSERT INTO message_receipts (payload) SELECT unnest(payloads);
    PERFORM pg_notify('mesh_messages_' || hashtext(TG_TABLE_SCHEMA), '${RECEIPT_PREFIX}' || p)
      FROM unnest(payloads) AS p;
    RETURN NULL;
  END $fn$;
  CREATE TRIGGER messages_receipts AFTER UPDATE ON messages
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION mesh_message_receipts();
`;

/** A receipt notification's payload as a receipt, or undefined for any other payload. */
export function receiptOfPayload(payload: string | undefined): SenderReceipt | undefined {
  if (payload?.startsWith(RECEIPT_PREFIX) !== true) return undefined;
  try {
    return JSON.parse(payload.slice(RECEIPT_PREFIX.length)) as SenderReceipt;
  } catch {
    return undefined;
  }
}

type Queryable = Pick<pg.Pool, "query">;

/** The PostgreSQL side of receipts (their announcements come from the triggers). */
export function postgresReceipts(pool: Queryable) {
  return {
    async markDelivered(recipient: string, ids: readonly number[], at: string): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        namedStatement(
          "UPDATE messages SET delivered_at = $1 WHERE id = ANY($2::bigint[]) AND to_node = $3 AND delivered_at IS NULL RETURNING id",
          [at, ids.slice(0, 1000), recipient],
        ),
      );
      return rows.map((row) => Number(row.id));
    },
    async expireQuestions(at: string, limit: number, after?: string): Promise<number> {
      // Several gateways sweep: SKIP LOCKED leaves a question another one is expiring to it.
      const { rowCount } = await pool.query(
        `UPDATE messages SET expired_at = $1 WHERE id IN (
           SELECT id FROM messages WHERE reply_by IS NOT NULL AND reply_by > $3 AND reply_by <= $1
             AND answered_at IS NULL AND expired_at IS NULL ORDER BY reply_by LIMIT $2 FOR UPDATE SKIP LOCKED
         ) AND answered_at IS NULL AND expired_at IS NULL`,
        [at, limit, after ?? "-infinity"],
      );
      await pool.query(
        `DELETE FROM message_receipts WHERE created_at < now() - interval '${RECEIPT_LOG_SECONDS} seconds'`,
      );
      return rowCount ?? 0;
    },
    async backlog(): Promise<ReceiptBacklog> {
      const [undelivered, oldest] = await Promise.all([
        pool.query<{ count: number }>(
          "SELECT count(*)::int AS count FROM messages WHERE delivered_at IS NULL",
        ),
        pool.query<{ peer: string; oldest: string | null }>(
          `SELECT p.name AS peer, (SELECT m.created_at FROM messages m WHERE m.to_node = p.name AND m.read_at IS NULL ORDER BY m.id LIMIT 1) AS oldest
           FROM (SELECT name FROM peers ORDER BY name LIMIT ${OLDEST_UNREAD_PEERS}) AS p`,
        ),
      ]);
      return {
        undelivered: undelivered.rows[0]!.count,
        oldestUnread: oldest.rows.flatMap((row) =>
          row.oldest === null ? [] : [{ peer: row.peer, createdAt: row.oldest }],
        ),
      };
    },
  };
}
