import pg from "pg";
import type {
  GatewayStorage,
  IdempotencyOptions,
  ImportedMessage,
  InsertResult,
  MessageQuery,
  NewMessage,
  RegisterPeerInput,
} from "./gateway-storage.js";
import {
  type DbMessageRow,
  type DbPeerRow,
  messageFromRow,
  messageValues,
  peerFromRow,
} from "./storage-rows.js";
import { MESSAGE_COLUMNS, schemaMigrations } from "./storage-schema.js";

const MIGRATIONS = schemaMigrations({
  enabledFlag: "BOOLEAN NOT NULL DEFAULT TRUE",
  timestamp: "TIMESTAMPTZ",
  messageId: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
  messageIdRef: "BIGINT",
  keyedTableSuffix: "",
});

/** Advisory-lock keys: the migration lock takes a hash of the schema name as second key. */
const MIGRATION_LOCK = 0x6d657368;

const INSERT_MESSAGE = `INSERT INTO messages (from_node, to_node, kind, content, related_task_id, thread_id, created_at, read_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${MESSAGE_COLUMNS}`;

/**
 * A send in one statement (one round trip, one implicit transaction): check the recipient,
 * take its insert lock, insert, set the sender's last_seen. The id is drawn after the lock is
 * held and the lock is released at commit, so one inbox's ids become visible in increasing
 * order. `recipient_enabled` is null for an unknown recipient; then nothing is inserted.
 */
const SEND_MESSAGE = `WITH recipient AS (SELECT enabled FROM peers WHERE name = $2),
  lock AS (SELECT pg_advisory_xact_lock($9, hashtext($2)) AS locked FROM recipient WHERE enabled),
  inserted AS (
    INSERT INTO messages (from_node, to_node, kind, content, related_task_id, thread_id, created_at, read_at)
    SELECT $1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz FROM lock
    RETURNING ${MESSAGE_COLUMNS}
  ),
  touched AS (
    UPDATE peers SET last_seen = $7::timestamptz WHERE name = $1 AND EXISTS (SELECT 1 FROM inserted)
  )
  SELECT (SELECT enabled FROM recipient) AS recipient_enabled, inserted.*
  FROM (SELECT 1) AS one LEFT JOIN inserted ON TRUE`;

type Queryable = Pick<pg.PoolClient, "query">;

/**
 * PostgreSQL storage on a `pg` pool, for several gateway processes sharing one database.
 * Tables go into the connection's current schema (set `options=-c search_path=...` in the URL
 * to pick one). Message inserts take a transaction-scoped advisory lock per recipient (and
 * schema), so an inbox's ids become visible in increasing order: an inbox `after_id` cursor
 * never skips a message that commits late. Sends to different recipients run in parallel.
 */
export async function openPostgresStorage(connectionString: string): Promise<GatewayStorage> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the gateway; the next query reconnects.
  pool.on("error", () => {});
  let schemaKey: number;
  try {
    schemaKey = await withClient(pool, async (client) => {
      const { rows } = await client.query<{ key: number }>(
        "SELECT hashtext(current_schema()) AS key",
      );
      const key = rows[0]!.key;
      await client.query("SELECT pg_advisory_lock($1, $2)", [MIGRATION_LOCK, key]);
      try {
        await migrate(client);
      } finally {
        await client.query("SELECT pg_advisory_unlock($1, $2)", [MIGRATION_LOCK, key]);
      }
      return key;
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  const one = async <T>(text: string, values: unknown[]): Promise<T | undefined> =>
    (await pool.query(text, values)).rows[0] as T | undefined;

  const getPeer = async (name: string) => {
    const row = await one<DbPeerRow>("SELECT * FROM peers WHERE name = $1", [name]);
    return row === undefined ? undefined : peerFromRow(row);
  };
  const getMessage = async (id: number, client: Queryable = pool) => {
    const { rows } = await client.query<DbMessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`,
      [id],
    );
    return rows[0] === undefined ? undefined : messageFromRow(rows[0]);
  };

  let closed = false;
  return {
    backend: "postgres",
    async ping() {
      await pool.query("SELECT 1");
    },
    async registerPeer(input: RegisterPeerInput) {
      // Extras merge in JavaScript, as in SQLite: jsonb would refuse strings PostgreSQL text accepts.
      return withTransaction(pool, async (client) => {
        const capabilities = JSON.stringify(input.capabilities);
        const inserted = await client.query<DbPeerRow>(
          `INSERT INTO peers (name, url, capabilities, extra, enabled, last_seen, registered_at)
           VALUES ($1, $2, $3, $4, TRUE, $5, $5) ON CONFLICT (name) DO NOTHING RETURNING *`,
          [input.name, input.url, capabilities, JSON.stringify(input.extra), input.at],
        );
        if (inserted.rows[0] !== undefined) {
          return { peer: peerFromRow(inserted.rows[0]), created: true };
        }
        const { rows } = await client.query<{ extra: string }>(
          "SELECT extra FROM peers WHERE name = $1 FOR UPDATE",
          [input.name],
        );
        const extra = { ...(JSON.parse(rows[0]!.extra) as object), ...input.extra };
        const updated = await client.query<DbPeerRow>(
          `UPDATE peers SET url = $2, capabilities = $3, extra = $4, last_seen = $5,
             registered_at = COALESCE(registered_at, $5) WHERE name = $1 RETURNING *`,
          [input.name, input.url, capabilities, JSON.stringify(extra), input.at],
        );
        return { peer: peerFromRow(updated.rows[0]!), created: false };
      });
    },
    async listPeers() {
      const { rows } = await pool.query<DbPeerRow>("SELECT * FROM peers ORDER BY name");
      return rows.map(peerFromRow);
    },
    getPeer,
    async setPeerEnabled(name, enabled) {
      const row = await one<DbPeerRow>(
        "UPDATE peers SET enabled = $1 WHERE name = $2 RETURNING *",
        [enabled, name],
      );
      return row === undefined ? undefined : peerFromRow(row);
    },
    async touchPeer(name, at) {
      await pool.query("UPDATE peers SET last_seen = $1 WHERE name = $2", [at, name]);
    },
    async insertMessage(message: NewMessage, idempotency?: IdempotencyOptions) {
      if (idempotency === undefined) {
        const { rows } = await pool.query<
          { recipient_enabled: boolean | null } & Partial<DbMessageRow>
        >(SEND_MESSAGE, [...messageValues(message), schemaKey]);
        const row = rows[0]!;
        if (row.recipient_enabled === null) return { refused: "unknown_recipient" };
        if (!row.recipient_enabled) return { refused: "recipient_disabled" };
        return { message: messageFromRow(row as DbMessageRow), created: true };
      }
      return withTransaction<InsertResult>(pool, async (client) => {
        const recipient = await client.query<{ enabled: boolean }>(
          "SELECT enabled FROM peers WHERE name = $1",
          [message.toNode],
        );
        if (recipient.rows[0] === undefined) return { refused: "unknown_recipient" };
        if (!recipient.rows[0].enabled) return { refused: "recipient_disabled" };
        await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
          schemaKey,
          message.toNode,
        ]);
        // The same sender's key always hashes the same way, so concurrent repeats serialise here.
        await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
          schemaKey,
          `${message.fromNode}\n${idempotency.key}`,
        ]);
        const previous = await client.query<{ message_id: string }>(
          "SELECT message_id FROM idempotency_keys WHERE from_node = $1 AND key = $2 AND created_at >= $3",
          [message.fromNode, idempotency.key, idempotency.notBefore],
        );
        const firstId = previous.rows[0]?.message_id;
        const first = firstId === undefined ? undefined : await getMessage(Number(firstId), client);
        if (first !== undefined) return { message: first, created: false };
        const { rows } = await client.query<DbMessageRow>(INSERT_MESSAGE, messageValues(message));
        const stored = messageFromRow(rows[0]!);
        await client.query(
          `INSERT INTO idempotency_keys (from_node, key, message_id, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (from_node, key) DO UPDATE SET message_id = excluded.message_id, created_at = excluded.created_at`,
          [message.fromNode, idempotency.key, stored.id, message.createdAt],
        );
        await client.query("UPDATE peers SET last_seen = $1 WHERE name = $2", [
          message.createdAt,
          message.fromNode,
        ]);
        return { message: stored, created: true };
      });
    },
    async listMessages(query: MessageQuery) {
      const unread = query.unreadOnly ? " AND read_at IS NULL" : "";
      let result: pg.QueryResult<DbMessageRow>;
      if (query.to !== undefined) {
        result = await pool.query(
          `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE to_node = $1 AND id > $2${unread} ORDER BY id LIMIT $3`,
          [query.to, query.afterId, query.limit],
        );
      } else if (query.afterId > 0) {
        result = await pool.query(
          `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id > $1${unread} ORDER BY id LIMIT $2`,
          [query.afterId, query.limit],
        );
      } else {
        result = await pool.query(
          `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM messages WHERE TRUE${unread} ORDER BY id DESC LIMIT $1) AS recent ORDER BY id`,
          [query.limit],
        );
      }
      return result.rows.map(messageFromRow);
    },
    async getMessage(id) {
      return getMessage(id);
    },
    async markRead(id, at) {
      // The WHERE clause makes concurrent marks race safely: only the first one writes.
      await pool.query("UPDATE messages SET read_at = $1 WHERE id = $2 AND read_at IS NULL", [
        at,
        id,
      ]);
      return getMessage(id);
    },
    async importMessages(messages: readonly ImportedMessage[]) {
      await withTransaction(pool, async (client) => {
        const batch = 1000;
        for (let start = 0; start < messages.length; start += batch) {
          const slice = messages.slice(start, start + batch);
          const values: unknown[] = [];
          const tuples = slice.map((message, index) => {
            values.push(...messageValues(message, message.readAt));
            const base = index * 8;
            return `(${Array.from({ length: 8 }, (_, k) => `$${base + k + 1}`).join(", ")})`;
          });
          await client.query(
            `INSERT INTO messages (from_node, to_node, kind, content, related_task_id, thread_id, created_at, read_at) VALUES ${tuples.join(", ")}`,
            values,
          );
        }
      });
    },
    async saveToken(peer, tokenHash, at) {
      await pool.query("INSERT INTO tokens (hash, peer, created_at) VALUES ($1, $2, $3)", [
        tokenHash,
        peer,
        at,
      ]);
    },
    async revokeTokens(peer) {
      return (await pool.query("DELETE FROM tokens WHERE peer = $1", [peer])).rowCount ?? 0;
    },
    async findTokenPeer(tokenHash) {
      return (await one<{ peer: string }>("SELECT peer FROM tokens WHERE hash = $1", [tokenHash]))
        ?.peer;
    },
    async purgeIdempotencyKeys(before) {
      return (
        (await pool.query("DELETE FROM idempotency_keys WHERE created_at < $1", [before]))
          .rowCount ?? 0
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function migrate(client: Queryable): Promise<void> {
  await client.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)",
  );
  const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    await client.query("BEGIN");
    try {
      await client.query(migration.sql);
      await client.query(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())",
        [migration.version, migration.name],
      );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  }
}

async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) {
  return withClient(pool, async (client) => {
    await client.query("BEGIN");
    try {
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  });
}
