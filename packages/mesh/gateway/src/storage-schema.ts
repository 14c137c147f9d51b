/** A versioned schema change; each runs once, in order, recorded in `schema_migrations`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The column types and table options in which the two back ends' schemas differ. */
export interface SchemaDialect {
  /** The `peers.enabled` column type with its default (true). */
  enabledFlag: string;
  /** A timestamp column type. */
  timestamp: string;
  /** The `messages.id` column: an increasing integer key the database assigns. */
  messageId: string;
  /** An integer column that holds a message id. */
  messageIdRef: string;
  /** Appended to a table looked up only by its primary key. */
  keyedTableSuffix: string;
  /**
   * Statements that make message ids commit in increasing order with a `created_at` that never
   * decreases, and announce each commit to other processes; empty where the storage does this
   * itself (SQLite has a single writer).
   */
  messageOrder: string;
  /**
   * The back end's full-text index of `content` and the triggers that keep it and the thread
   * tables in step with every insert, in the insert's own transaction; also fills them from the
   * messages already stored.
   */
  conversations: string;
  /**
   * Changes to the full-text index since `conversations` that keep each send's share of it
   * small (the searches measure before they use it); empty where nothing changed.
   */
  leanerSearch: string;
  /**
   * The back end's part of receipts: what sets `answered_at`/`answer_id` when an answer is
   * stored (in the insert's transaction) and, where other processes must hear of them, what
   * announces state changes.
   */
  receipts: string;
  /**
   * Changes that take the search index out of a per-row trigger, where the storage writes it
   * once per batch instead (in the same transaction); empty where nothing changed.
   */
  searchPerBatch: string;
  /**
   * Changes to the index of undelivered messages that keep each send's share of it small;
   * empty where nothing changed.
   */
  undeliveredInIdOrder: string;
}

/** The columns of a stored message, in wire order, as every message query selects them. */
export const MESSAGE_COLUMNS =
  "id, from_node, to_node, kind, content, related_task_id, thread_id, created_at, read_at, delivered_at, answered_at, answer_id, reply_by, expired_at";

/** A message's `state` computed from the receipt columns of `alias` (see `messageState`). */
export const stateSqlOf = (alias: string): string =>
  `CASE WHEN ${alias}.answered_at IS NOT NULL THEN 'answered' WHEN ${alias}.expired_at IS NOT NULL THEN 'expired' WHEN ${alias}.read_at IS NOT NULL THEN 'read' WHEN ${alias}.delivered_at IS NOT NULL THEN 'delivered' ELSE 'sent' END`;

/** `stateSqlOf` the alias `m`. */
export const MESSAGE_STATE_SQL = stateSqlOf("m");

/** One schema for both back ends, so their tables cannot drift apart; only the types differ. */
export function schemaMigrations(dialect: SchemaDialect): readonly Migration[] {
  const { enabledFlag, timestamp, messageId, messageIdRef, keyedTableSuffix, messageOrder } =
    dialect;
  return [
    {
      version: 1,
      name: "initial",
      sql: `
      CREATE TABLE peers (
        name TEXT PRIMARY KEY,
        url TEXT,
        capabilities TEXT NOT NULL DEFAULT '{}',
        extra TEXT NOT NULL DEFAULT '{}',
        enabled ${enabledFlag},
        last_health ${timestamp},
        last_seen ${timestamp},
        registered_at ${timestamp}
      );
      CREATE TABLE messages (
        id ${messageId},
        from_node TEXT NOT NULL,
        to_node TEXT NOT NULL,
        kind TEXT NOT NULL,
        content TEXT NOT NULL,
        related_task_id TEXT,
        thread_id TEXT,
        created_at ${timestamp} NOT NULL,
        read_at ${timestamp}
      );
      CREATE INDEX messages_to_node_id ON messages (to_node, id);
      CREATE INDEX messages_unread_to_node_id ON messages (to_node, id) WHERE read_at IS NULL;
      CREATE INDEX messages_unread_id ON messages (id) WHERE read_at IS NULL;
      CREATE TABLE idempotency_keys (
        from_node TEXT NOT NULL,
        key TEXT NOT NULL,
        message_id ${messageIdRef} NOT NULL,
        created_at ${timestamp} NOT NULL,
        PRIMARY KEY (from_node, key)
      )${keyedTableSuffix};
      CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
      CREATE TABLE tokens (
        hash TEXT PRIMARY KEY,
        peer TEXT NOT NULL,
        created_at ${timestamp} NOT NULL
      )${keyedTableSuffix};
      CREATE INDEX tokens_peer ON tokens (peer);
    `,
    },
    { version: 2, name: "message order", sql: messageOrder },
    {
      version: 3,
      name: "conversations",
      sql: `
      CREATE INDEX messages_from_node_id ON messages (from_node, id);
      CREATE INDEX messages_thread_id ON messages (thread_id, id) WHERE thread_id IS NOT NULL;
      CREATE TABLE threads (
        thread_id TEXT PRIMARY KEY,
        last_id ${messageIdRef} NOT NULL
      )${keyedTableSuffix};
      CREATE INDEX threads_last_id ON threads (last_id);
      CREATE TABLE thread_peers (
        peer TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        last_id ${messageIdRef} NOT NULL,
        PRIMARY KEY (peer, thread_id)
      )${keyedTableSuffix};
      CREATE INDEX thread_peers_last_id ON thread_peers (peer, last_id);
      INSERT INTO threads (thread_id, last_id)
        SELECT thread_id, max(id) FROM messages WHERE thread_id IS NOT NULL GROUP BY thread_id;
      INSERT INTO thread_peers (peer, thread_id, last_id)
        SELECT peer, thread_id, max(id) FROM (
          SELECT from_node AS peer, thread_id, id FROM messages WHERE thread_id IS NOT NULL
          UNION ALL SELECT to_node, thread_id, id FROM messages WHERE thread_id IS NOT NULL
        ) AS sides GROUP BY peer, thread_id;
      ${dialect.conversations}
    `,
    },
    { version: 4, name: "leaner search index", sql: dialect.leanerSearch },
    {
      version: 5,
      name: "receipts",
      // A message that was read certainly reached its recipient. No index names answered_at or
      // expired_at (not even in a predicate), so PostgreSQL can update them in place (HOT).
      sql: `
      ALTER TABLE messages ADD COLUMN delivered_at ${timestamp};
      ALTER TABLE messages ADD COLUMN answered_at ${timestamp};
      ALTER TABLE messages ADD COLUMN answer_id ${messageIdRef};
      ALTER TABLE messages ADD COLUMN reply_by ${timestamp};
      ALTER TABLE messages ADD COLUMN expired_at ${timestamp};
      UPDATE messages SET delivered_at = read_at WHERE read_at IS NOT NULL;
      CREATE INDEX messages_undelivered ON messages (from_node, id) WHERE delivered_at IS NULL;
      CREATE INDEX messages_reply_by ON messages (reply_by) WHERE reply_by IS NOT NULL;
      ${dialect.receipts}
    `,
    },
    {
      version: 6,
      name: "page sizes",
      // Nullable and not backfilled: a page bound reads the raw text size of older rows, a
      // lower bound of their JSON as this is.
      sql: "ALTER TABLE messages ADD COLUMN text_json_bytes INTEGER;",
    },
    { version: 7, name: "search index per batch", sql: dialect.searchPerBatch },
    { version: 8, name: "undelivered index in id order", sql: dialect.undeliveredInIdOrder },
  ];
}
