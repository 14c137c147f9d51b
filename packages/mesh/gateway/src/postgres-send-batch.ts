import type pg from "pg";
import type {
  IdempotencyOptions,
  InsertRefusal,
  InsertResult,
  NewMessage,
} from "./gateway-storage.js";
import { namedStatement } from "./named-statement.js";
import { repeatOf } from "./repeat-of.js";
import {
  type DbMessageRow,
  messageFromRow,
  messageTextJsonBytes,
  storedMessage,
} from "./storage-rows.js";
import { MESSAGE_COLUMNS } from "./storage-schema.js";

/** One send waiting for the next batch. */
export interface PendingSend {
  message: NewMessage;
  idempotency: IdempotencyOptions | undefined;
  resolve: (result: InsertResult) => void;
  reject: (error: unknown) => void;
}

type Queryable = Pick<pg.PoolClient, "query">;

/**
 * Every send of a batch in one statement: check each recipient and sender, insert the accepted
 * ones in batch order (`created_at` null: the trigger takes the database clock) (the trigger draws their ids in that order), set each sender's last_seen
 * to its latest created_at. Answers one `check` row per input (by `ord`) and one row per
 * inserted message (by id).
 */
const SEND_BATCH = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::integer[])
      WITH ORDINALITY AS i(from_node, to_node, kind, content, related_task_id, thread_id, created_at, reply_by, text_json_bytes, ord)
  ),
  checked AS (
    SELECT input.*, r.enabled AS recipient_enabled, s.enabled AS sender_enabled
    FROM input LEFT JOIN peers r ON r.name = input.to_node LEFT JOIN peers s ON s.name = input.from_node
  ),
  inserted AS (
    INSERT INTO messages (from_node, to_node, kind, content, related_task_id, thread_id, created_at, reply_by, text_json_bytes)
    SELECT from_node, to_node, kind, content, related_task_id, thread_id, created_at, reply_by, text_json_bytes FROM checked
    WHERE recipient_enabled AND COALESCE(sender_enabled, TRUE) ORDER BY ord
    RETURNING id, from_node, created_at
  ),
  touched AS (
    UPDATE peers SET last_seen = latest.at
    FROM (SELECT from_node, max(created_at) AS at FROM inserted GROUP BY from_node) AS latest
    WHERE peers.name = latest.from_node
  )
  SELECT ord, recipient_enabled, sender_enabled, NULL::bigint AS id, NULL::timestamptz AS created_at FROM checked
  UNION ALL SELECT NULL, NULL, NULL, id, created_at FROM inserted`;

interface BatchRow {
  ord: string | null;
  recipient_enabled: boolean | null;
  sender_enabled: boolean | null;
  id: string | null;
  /** ISO text: the pool reads `timestamptz` with `timestamptzToIso`. */
  created_at: string | null;
}

const keyOf = (send: PendingSend) => `${send.message.fromNode}\n${send.idempotency!.key}`;

function refusalOf(row: BatchRow): InsertRefusal | undefined {
  if (row.recipient_enabled === null) return "unknown_recipient";
  if (!row.recipient_enabled) return "recipient_disabled";
  return row.sender_enabled === false ? "sender_disabled" : undefined;
}

/**
 * Stores a batch of sends in the transaction `client` has open; returns one result per send,
 * or `undefined` for a send that repeats the key of an earlier one in the same batch (it goes
 * into the next batch, where that key is committed). Idempotency keys are locked first, in
 * hash order, before the message lock the insert takes, so batches of several gateways cannot
 * deadlock.
 */
export async function sendBatch(
  client: Queryable,
  schemaKey: number,
  batch: readonly PendingSend[],
): Promise<Array<InsertResult | undefined>> {
  const results: Array<InsertResult | undefined> = new Array(batch.length);
  const keyed = batch.filter((send) => send.idempotency !== undefined);
  const firsts = new Map<string, DbMessageRow>();
  if (keyed.length > 0) {
    await client.query(
      "SELECT pg_advisory_xact_lock($1, h) FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($2::text[]) AS k ORDER BY h) AS keys",
      [schemaKey, keyed.map(keyOf)],
    );
    const { rows } = await client.query<DbMessageRow & { key: string }>(
      `SELECT k.from_node || E'\\n' || k.key AS key, ${MESSAGE_COLUMNS.split(", ")
        .map((column) => `m.${column}`)
        .join(", ")}
       FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS i(from_node, key, not_before)
       JOIN idempotency_keys k ON k.from_node = i.from_node AND k.key = i.key AND k.created_at >= i.not_before
       JOIN messages m ON m.id = k.message_id`,
      [
        keyed.map((send) => send.message.fromNode),
        keyed.map((send) => send.idempotency!.key),
        keyed.map((send) => send.idempotency!.notBefore),
      ],
    );
    for (const row of rows) firsts.set(row.key, row);
  }

  const fresh: number[] = [];
  const claimed = new Set<string>();
  batch.forEach((send, index) => {
    if (send.idempotency === undefined) {
      fresh.push(index);
      return;
    }
    const key = keyOf(send);
    const first = firsts.get(key);
    if (first !== undefined) results[index] = repeatOf(messageFromRow(first), send.message);
    else if (!claimed.has(key)) {
      claimed.add(key);
      fresh.push(index);
    }
  });
  if (fresh.length === 0) return results;

  const sends = fresh.map((index) => batch[index]!.message);
  const { rows } = await client.query<BatchRow>(
    namedStatement(SEND_BATCH, [
      sends.map((message) => message.fromNode),
      sends.map((message) => message.toNode),
      sends.map((message) => message.kind),
      sends.map((message) => message.content),
      sends.map((message) => message.relatedTaskId),
      sends.map((message) => message.threadId),
      sends.map((message) => message.createdAt ?? null),
      sends.map((message) => message.replyBy ?? null),
      sends.map(messageTextJsonBytes),
    ]),
  );
  const checks = rows
    .filter((row) => row.ord !== null)
    .sort((a, b) => Number(a.ord) - Number(b.ord));
  const stored = rows.filter((row) => row.ord === null).sort((a, b) => Number(a.id) - Number(b.id));
  const keys: Array<[string, string, number, Date]> = [];
  const usedAt = new Date();
  let next = 0;
  checks.forEach((check, position) => {
    const index = fresh[position]!;
    const send = batch[index]!;
    const refused = refusalOf(check);
    if (refused !== undefined) {
      results[index] = { refused };
      return;
    }
    const row = stored[next++]!;
    const { message } = send;
    results[index] = {
      created: true,
      message: storedMessage(message, Number(row.id), row.created_at!),
    };
    if (send.idempotency !== undefined) {
      // The key's age is measured by the gateway clock that computes `notBefore`.
      keys.push([message.fromNode, send.idempotency.key, Number(row.id), usedAt]);
    }
  });
  if (keys.length > 0) {
    await client.query(
      `INSERT INTO idempotency_keys (from_node, key, message_id, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[])
       ON CONFLICT (from_node, key) DO UPDATE SET message_id = excluded.message_id, created_at = excluded.created_at`,
      [keys.map((k) => k[0]), keys.map((k) => k[1]), keys.map((k) => k[2]), keys.map((k) => k[3])],
    );
  }
  return results;
}
