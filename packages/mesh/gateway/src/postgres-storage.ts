import type {
  StrictMessage as Message,
  StrictPeer as Peer,
  StrictTokenHolder,
} from "@mesh/protocol";
import pg from "pg";
import { AccessWatch } from "./access-watch.js";
import type {
  GatewayStorage,
  IdempotencyOptions,
  ImportedMessage,
  InsertResult,
  MessageQuery,
  NewMessage,
  RegisterPeerInput,
  ThreadQuery,
  WakeupSource,
} from "./gateway-storage.js";
import { type MessageSqlDialect, messageSql, QUALIFIED_COLUMNS } from "./message-sql.js";
import { namedStatement } from "./named-statement.js";
import { createPostgresListener, type PostgresListener } from "./postgres-listener.js";
import { createPostgresPoller, WAKE_POLL_MS } from "./postgres-poller.js";
import { createPostgresPool, isDirectConnection } from "./postgres-pool.js";
import { POSTGRES_RECEIPTS, postgresReceipts, receiptOfPayload } from "./postgres-receipts.js";
import { type PendingSend, sendBatch } from "./postgres-send-batch.js";
import { checkRegistrationSize } from "./registration-limits.js";
import { type MigrationConnection, runMigrations } from "./run-migrations.js";
import { StorageError, withStorageErrors } from "./storage-error.js";
import {
  type DbMessageRow,
  type DbPeerRow,
  INSERT_COLUMNS,
  messageFromRow,
  messageValues,
  peerFromRow,
} from "./storage-rows.js";
import { MESSAGE_COLUMNS, schemaMigrations } from "./storage-schema.js";
import { listThreads } from "./thread-queries.js";

/**
 * Messages are written one transaction at a time per schema, up to its commit: a trigger takes
 * a transaction-scoped advisory lock, then draws the id and reads the last `created_at` (a
 * fresh snapshot, taken after the lock). So ids commit in increasing order (a reader that sees
 * an id sees every smaller one: `after_id` cursors never skip a late commit, with any number
 * of gateways) and `created_at`, taken from the database clock, never decreases in id order.
 * A statement trigger announces the recipients on a per-schema channel at commit.
 */
const MESSAGE_ORDER = `
  ALTER TABLE messages ALTER COLUMN id DROP IDENTITY IF EXISTS;
  CREATE SEQUENCE messages_id_seq OWNED BY messages.id;
  SELECT setval('messages_id_seq', COALESCE((SELECT max(id) FROM messages), 0) + 1, false);
  CREATE FUNCTION mesh_message_order() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $fn$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('mesh.messages.' || TG_TABLE_SCHEMA));
    NEW.id := nextval('messages_id_seq');
    NEW.created_at := GREATEST(
      COALESCE(NEW.created_at, clock_timestamp()),
      (SELECT created_at FROM messages ORDER BY id DESC LIMIT 1)
    );
    RETURN NEW;
  END $fn$;
  CREATE TRIGGER messages_order BEFORE INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION mesh_message_order();
  CREATE FUNCTION mesh_message_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM pg_notify('mesh_messages_' || hashtext(TG_TABLE_SCHEMA), to_node)
      FROM (SELECT DISTINCT to_node FROM inserted_rows) AS recipients;
    RETURN NULL;
  END $fn$;
  CREATE TRIGGER messages_notify AFTER INSERT ON messages
    REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION mesh_message_notify();
`;

/**
 * Search: a stored `tsvector` of the content (every character but letters and digits made a
 * space, as SQLite's FTS5 tokenizer splits) with a GIN index, computed in the insert itself.
 * Threads: a statement trigger folds each insert's rows into the thread tables, in the insert's
 * transaction (message inserts are already serialized by the order lock).
 */
const CONVERSATIONS = `
  ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS
    (to_tsvector('simple', regexp_replace(content, '[^[:alnum:]]+', ' ', 'g'))) STORED;
  CREATE INDEX messages_search ON messages USING gin (search);
  CREATE FUNCTION mesh_message_threads() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $fn$
  BEGIN
    INSERT INTO threads (thread_id, last_id)
      SELECT thread_id, max(id) FROM inserted_rows WHERE thread_id IS NOT NULL GROUP BY thread_id
      ON CONFLICT (thread_id) DO UPDATE SET last_id = GREATEST(threads.last_id, excluded.last_id);
    INSERT INTO thread_peers (peer, thread_id, last_id)
      SELECT peer, thread_id, max(id) FROM (
        SELECT from_node AS peer, thread_id, id FROM inserted_rows WHERE thread_id IS NOT NULL
        UNION ALL SELECT to_node, thread_id, id FROM inserted_rows WHERE thread_id IS NOT NULL
      ) AS sides GROUP BY peer, thread_id
      ON CONFLICT (peer, thread_id) DO UPDATE SET last_id = GREATEST(thread_peers.last_id, excluded.last_id);
    RETURN NULL;
  END $fn$;
  CREATE TRIGGER messages_threads AFTER INSERT ON messages
    REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION mesh_message_threads();
`;

const POSTGRES: MessageSqlDialect = { backend: "postgres", param: (index) => `$${index}` };

export const POSTGRES_MIGRATIONS = schemaMigrations({
  enabledFlag: "BOOLEAN NOT NULL DEFAULT TRUE",
  timestamp: "TIMESTAMPTZ",
  messageId: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
  messageIdRef: "BIGINT",
  keyedTableSuffix: "",
  messageOrder: MESSAGE_ORDER,
  conversations: CONVERSATIONS,
  leanerSearch: "",
  searchPerBatch: "",
  undeliveredInIdOrder: "",
  receipts: POSTGRES_RECEIPTS,
});

/** Advisory-lock keys: the migration lock takes a hash of the schema name as second key. */
const MIGRATION_LOCK = 0x6d657368;

/**
 * Notifications on the message channel that announce a revoked or disabled peer rather than a
 * recipient: no peer name starts with `!`.
 */
const ACCESS_PREFIX = "!access:";

/**
 * Tokens a polling gateway checks at each poll: those it authenticated in the last two minutes
 * (a stream re-authenticates at each ping, 15 s by default), 10,000 at most.
 */
const ACCESS_WATCH = { maxHashes: 10_000, ttlMs: 120_000 };

const INSERT_MESSAGE = `INSERT INTO messages (${INSERT_COLUMNS})`;

/**
 * Errors that mean the database cannot be reached or the connection broke (network errors,
 * SQLSTATE class 08 and admin shutdown 57P01, pool timeouts), not a bad request.
 */
function isConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01"].includes(code)) return true;
    if (code.startsWith("08")) return true;
  }
  return (
    typeof message === "string" &&
    /timeout exceeded when trying to connect|Connection terminated|pool after calling end/i.test(
      message,
    )
  );
}

/** Sends stored in one transaction at most (more wait for the next one). */
const MAX_SEND_BATCH = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Queryable = Pick<pg.PoolClient, "query">;

/** Options of `openPostgresStorage`. */
export interface PostgresStorageOptions {
  /**
   * A `postgres://` URL of the same database that reaches PostgreSQL itself, not a pooler: the
   * one `LISTEN` connection goes there when the main URL is a transaction-mode pooler (checked
   * at open: a pooled or other-database URL is refused). Default: none; then a gateway behind a
   * pooler polls for new messages every 250 ms instead.
   */
  listenDatabase?: string | undefined;
}

/** How an opened PostgreSQL storage hears of other gateways' sends and access changes. */
interface PostgresConnection {
  /** `hashtext(current_schema())`: the schema's lock key and channel suffix. */
  schemaKey: number;
  notifications: PostgresListener;
  wakeups: WakeupSource;
  /** Polling only: the tokens this gateway serves, checked at each poll. */
  watch?: AccessWatch | undefined;
}

/**
 * PostgreSQL storage on a `pg` pool, for several gateway processes sharing one database,
 * directly or through a transaction-mode pooler such as PgBouncer (no statement relies on the
 * session; named prepared statements only on a connection found direct). Tables go into the
 * connection's current schema (the role's or database's `search_path`; or, direct only,
 * `options=-c search_path=...` in the URL). Message ids commit in increasing order (see
 * `MESSAGE_ORDER`), so an `after_id` cursor never skips a message that commits late.
 */
export async function openPostgresStorage(
  connectionString: string,
  options: PostgresStorageOptions = {},
): Promise<GatewayStorage> {
  const { pool, usePreparedStatements } = createPostgresPool(connectionString);
  // An idle client that loses its connection must not crash the gateway; the next query reconnects.
  pool.on("error", () => {});
  let connection: PostgresConnection;
  try {
    const [schemaKey, direct] = await withClient(pool, async (client) => {
      const { rows } = await client.query<{ key: number }>(
        "SELECT hashtext(current_schema()) AS key",
      );
      const key = rows[0]!.key;
      await runMigrations(postgresMigrations(client, key), POSTGRES_MIGRATIONS);
      return [key, await isDirectConnection(client)] as const;
    });
    usePreparedStatements(direct);
    const channel = `mesh_messages_${schemaKey}`;
    if (options.listenDatabase !== undefined) {
      await checkListenDatabase(pool, options.listenDatabase);
      const notifications = createPostgresListener(options.listenDatabase, channel);
      connection = { schemaKey, notifications, wakeups: "listen" };
    } else if (direct) {
      const notifications = createPostgresListener(connectionString, channel);
      connection = { schemaKey, notifications, wakeups: "listen" };
    } else {
      // No NOTIFY arrives: the poll also checks the tokens this gateway serves.
      const watch = new AccessWatch(ACCESS_WATCH);
      const notifications = createPostgresPoller(pool, WAKE_POLL_MS, {
        watch,
        payload: (peer) => ACCESS_PREFIX + peer,
      });
      connection = { schemaKey, notifications, wakeups: "poll", watch };
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return withStorageErrors<GatewayStorage>(
    new PostgresStorage(pool, connection),
    isConnectionError,
  );
}

/** The PostgreSQL back end of `GatewayStorage`, on a pool of a migrated schema. */
export class PostgresStorage implements GatewayStorage {
  readonly backend = "postgres";
  readonly wakeups: WakeupSource;
  readonly #pool: pg.Pool;
  readonly #schemaKey: number;
  readonly #notifications: PostgresListener;
  readonly #watch: AccessWatch | undefined;
  readonly #receipts: ReturnType<typeof postgresReceipts>;
  // Group commit: sends that arrive while a batch is being stored share the next one, so a busy
  // gateway pays one commit (and one turn of the message lock) per batch, not per message, and
  // batches grow with the load. One batch at a time: the message lock serializes batches anyway,
  // so a second one in flight only waits on it and halves the group (measured on one host: 2,400
  // to 3,400 sends/s and ~160 µs of PostgreSQL CPU per send with four in flight, ~5,700/s and
  // ~68 µs with one). Each send is answered after its batch committed.
  // Behind a pooler without a direct URL, this gateway's own sends wake its waiters at commit;
  // the poll brings other gateways' sends.
  readonly #local = new Set<Parameters<GatewayStorage["onMessage"]>[0]>();
  // A revocation or a disabled peer ends streams and waits on this gateway at once, and on every
  // other gateway through the channel (a NOTIFY reaches them within milliseconds).
  readonly #localAccess = new Set<(peer: string) => void>();
  #pending: PendingSend[] = [];
  #storing: Promise<void> | undefined;
  #scheduled = false;
  #closed = false;

  /** Takes the pool and connection `openPostgresStorage` has set up. */
  constructor(pool: pg.Pool, connection: PostgresConnection) {
    this.#pool = pool;
    this.#schemaKey = connection.schemaKey;
    this.#notifications = connection.notifications;
    this.#watch = connection.watch;
    this.wakeups = connection.wakeups;
    this.#receipts = postgresReceipts(pool);
  }

  async #one<T>(text: string, values: unknown[]): Promise<T | undefined> {
    return (await this.#pool.query(text, values)).rows[0] as T | undefined;
  }

  async #getMessage(id: number, client: Queryable = this.#pool) {
    const { rows } = await client.query<DbMessageRow>(
      namedStatement(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [id]),
    );
    return rows[0] === undefined ? undefined : messageFromRow(rows[0]);
  }

  async #accessChanged(peer: string): Promise<void> {
    for (const listener of this.#localAccess) listener(peer);
    await this.#pool
      .query("SELECT pg_notify($1, $2)", [`mesh_messages_${this.#schemaKey}`, ACCESS_PREFIX + peer])
      .catch(() => {});
  }

  #stored(result: InsertResult): void {
    if (this.wakeups !== "poll" || !("created" in result) || !result.created) return;
    for (const listener of this.#local) listener(result.message.to_node, result.message);
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.slice(0, MAX_SEND_BATCH);
      this.#pending = this.#pending.slice(MAX_SEND_BATCH);
      try {
        const results = batch.some((send) => send.idempotency !== undefined)
          ? await withTransaction(this.#pool, (client) => sendBatch(client, this.#schemaKey, batch))
          : await sendBatch(this.#pool, this.#schemaKey, batch);
        batch.forEach((send, index) => {
          const result = results[index];
          if (result === undefined) this.#pending.push(send);
          else {
            send.resolve(result);
            this.#stored(result);
          }
        });
      } catch (error) {
        for (const send of batch) send.reject(error);
      }
    }
  }

  /** Starts a batch on the next turn, unless one is being stored (its loop takes the sends then). */
  #schedule(): void {
    if (this.#scheduled || this.#storing !== undefined) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (this.#pending.length === 0 || this.#storing !== undefined) return;
      this.#storing = this.#drain().finally(() => {
        this.#storing = undefined;
        if (this.#pending.length > 0) this.#schedule();
      });
    });
  }

  async ping(): Promise<void> {
    await this.#pool.query("SELECT 1");
  }

  async registerPeer(input: RegisterPeerInput): Promise<{ peer: Peer; created: boolean }> {
    // Extras merge in JavaScript, as in SQLite: jsonb would refuse strings PostgreSQL text accepts.
    checkRegistrationSize(input.capabilities, input.extra);
    return withTransaction(this.#pool, async (client) => {
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
      const extra = {
        ...(JSON.parse(rows[0]!.extra) as Record<string, unknown>),
        ...input.extra,
      };
      checkRegistrationSize(input.capabilities, extra);
      const updated = await client.query<DbPeerRow>(
        `UPDATE peers SET url = $2, capabilities = $3, extra = $4, last_seen = $5,
             registered_at = COALESCE(registered_at, $5) WHERE name = $1 RETURNING *`,
        [input.name, input.url, capabilities, JSON.stringify(extra), input.at],
      );
      return { peer: peerFromRow(updated.rows[0]!), created: false };
    });
  }

  async listPeers(page?: Parameters<GatewayStorage["listPeers"]>[0]): Promise<Peer[]> {
    const { rows } =
      page === undefined
        ? await this.#pool.query<DbPeerRow>("SELECT * FROM peers ORDER BY name")
        : await this.#pool.query<DbPeerRow>(
            "SELECT * FROM peers WHERE name > $1 ORDER BY name LIMIT $2",
            [page.after ?? "", page.limit],
          );
    return rows.map(peerFromRow);
  }

  async getPeer(name: string): Promise<Peer | undefined> {
    const row = await this.#one<DbPeerRow>("SELECT * FROM peers WHERE name = $1", [name]);
    return row === undefined ? undefined : peerFromRow(row);
  }

  async setPeerEnabled(name: string, enabled: boolean): Promise<Peer | undefined> {
    const row = await this.#one<DbPeerRow>(
      "UPDATE peers SET enabled = $1 WHERE name = $2 RETURNING *",
      [enabled, name],
    );
    if (!enabled && row !== undefined) await this.#accessChanged(name);
    return row === undefined ? undefined : peerFromRow(row);
  }

  async touchPeer(name: string, at: string): Promise<void> {
    await this.#pool.query(
      namedStatement("UPDATE peers SET last_seen = $1 WHERE name = $2", [at, name]),
    );
  }

  insertMessage(message: NewMessage, idempotency?: IdempotencyOptions): Promise<InsertResult> {
    if (this.#closed)
      return Promise.reject(
        new StorageError({ code: "unavailable", message: "the gateway storage is closed" }),
      );
    return new Promise<InsertResult>((resolve, reject) => {
      this.#pending.push({ message, idempotency, resolve, reject });
      this.#schedule();
    });
  }

  async listMessages(query: MessageQuery): Promise<Message[]> {
    const { text, values } = messageSql(query, POSTGRES);
    if (query.words === undefined || query.words.length === 0) {
      const result = await this.#pool.query<DbMessageRow>(namedStatement(text, values));
      return result.rows.map(messageFromRow);
    }
    // A search is planned per query: a generic plan cannot weigh how common its words are.
    // Its plan also counts the index scans it runs only for rare words, which would make
    // PostgreSQL compile it (JIT, ~15 ms) for a run of a millisecond: no JIT, in its own
    // transaction (a pooler keeps no session setting).
    const rows = await withTransaction(this.#pool, async (client) => {
      await client.query("SET LOCAL jit = off");
      return (await client.query<DbMessageRow>({ text, values })).rows;
    });
    return rows.map(messageFromRow);
  }

  async listThreads(query: ThreadQuery): ReturnType<GatewayStorage["listThreads"]> {
    return listThreads(query, "postgres", async (text, values) => {
      return (await this.#pool.query(text, values)).rows;
    });
  }

  async getMessage(id: number): Promise<Message | undefined> {
    return this.#getMessage(id);
  }

  async findIdempotent(
    fromNode: string,
    key: string,
    notBefore: string,
  ): Promise<Message | undefined> {
    const { rows } = await this.#pool.query<DbMessageRow>(
      namedStatement(
        `SELECT ${QUALIFIED_COLUMNS} FROM idempotency_keys k JOIN messages m ON m.id = k.message_id WHERE k.from_node = $1 AND k.key = $2 AND k.created_at >= $3`,
        [fromNode, key, notBefore],
      ),
    );
    return rows[0] === undefined ? undefined : messageFromRow(rows[0]);
  }

  async markRead(id: number, at: string): Promise<Message | undefined> {
    // The WHERE clause makes concurrent marks race safely: only the first one writes.
    await this.#pool.query(
      namedStatement("UPDATE messages SET read_at = $1 WHERE id = $2 AND read_at IS NULL", [
        at,
        id,
      ]),
    );
    return this.#getMessage(id);
  }

  async importMessages(messages: readonly ImportedMessage[]): Promise<void> {
    await withTransaction(this.#pool, async (client) => {
      const batch = 1000;
      for (let start = 0; start < messages.length; start += batch) {
        const slice = messages.slice(start, start + batch);
        const values: unknown[] = [];
        const tuples = slice.map((message, index) => {
          values.push(...messageValues(message, message.readAt));
          const width = 10;
          const base = index * width;
          return `(${Array.from({ length: width }, (_, k) => `$${base + k + 1}`).join(", ")})`;
        });
        await client.query(`${INSERT_MESSAGE} VALUES ${tuples.join(", ")}`, values);
      }
    });
  }

  async saveToken(peer: string, tokenHash: string, at: string): Promise<void> {
    await this.#pool.query("INSERT INTO tokens (hash, peer, created_at) VALUES ($1, $2, $3)", [
      tokenHash,
      peer,
      at,
    ]);
  }

  async revokeTokens(peer: string): Promise<number> {
    const revoked =
      (await this.#pool.query("DELETE FROM tokens WHERE peer = $1", [peer])).rowCount ?? 0;
    await this.#accessChanged(peer);
    return revoked;
  }

  async unreadBacklog(): Promise<{ count: number; oldest: Message | undefined }> {
    const { rows } = await this.#pool.query<{ count: number; oldest: string | null }>(
      "SELECT count(*)::int AS count, min(id) AS oldest FROM messages WHERE read_at IS NULL",
    );
    const { count, oldest } = rows[0]!;
    return {
      count,
      oldest: oldest === null ? undefined : await this.#getMessage(Number(oldest)),
    };
  }

  async listTokenPeers(): Promise<string[]> {
    const { rows } = await this.#pool.query<{ peer: string }>(
      'SELECT peer FROM tokens GROUP BY peer ORDER BY peer COLLATE "C"',
    );
    return rows.map((row) => row.peer);
  }

  async listTokenHolders({
    after,
    limit,
  }: Parameters<GatewayStorage["listTokenHolders"]>[0]): Promise<StrictTokenHolder[]> {
    const { rows } = await this.#pool.query<StrictTokenHolder>(
      `SELECT t.peer, count(*)::int AS tokens, min(t.created_at) AS first_issued_at,
             max(t.created_at) AS last_issued_at,
             EXISTS (SELECT 1 FROM peers p WHERE p.name = t.peer) AS registered
           FROM tokens t WHERE t.peer COLLATE "C" > $1 GROUP BY t.peer
           ORDER BY t.peer COLLATE "C" LIMIT $2`,
      [after ?? "", limit],
    );
    return rows;
  }

  async findTokenPeer(tokenHash: string): Promise<string | undefined> {
    const { rows } = await this.#pool.query<{ peer: string }>(
      namedStatement("SELECT peer FROM tokens WHERE hash = $1", [tokenHash]),
    );
    const peer = rows[0]?.peer;
    if (peer !== undefined) this.#watch?.seen(tokenHash, peer);
    return peer;
  }

  async anyLiveToken(tokenHashes: readonly string[]): Promise<boolean> {
    if (tokenHashes.length === 0) return false;
    const found = await this.#one(
      "SELECT 1 AS found FROM tokens WHERE hash = ANY($1::text[]) LIMIT 1",
      [tokenHashes.slice(0, 1000)],
    );
    return found !== undefined;
  }

  onAccessChange(listener: (peer: string) => void): () => void {
    this.#localAccess.add(listener);
    const stop = this.#notifications.subscribe((payload) => {
      if (payload?.startsWith(ACCESS_PREFIX)) listener(payload.slice(ACCESS_PREFIX.length));
    });
    return () => {
      this.#localAccess.delete(listener);
      stop();
    };
  }

  async markDelivered(recipient: string, ids: readonly number[], at: string): Promise<number[]> {
    return this.#receipts.markDelivered(recipient, ids, at);
  }

  async expireQuestions(
    at: string,
    limit: number,
    after?: string,
  ): ReturnType<GatewayStorage["expireQuestions"]> {
    return this.#receipts.expireQuestions(at, limit, after);
  }

  async receiptBacklog(): ReturnType<GatewayStorage["receiptBacklog"]> {
    return this.#receipts.backlog();
  }

  onReceipt(listener: Parameters<GatewayStorage["onReceipt"]>[0]): () => void {
    // Every gateway's changes, this one's included, come back through the channel (or the
    // receipt log, when polling).
    return this.#notifications.subscribe((payload) => {
      const receipt = receiptOfPayload(payload);
      if (receipt !== undefined) listener(receipt);
    });
  }

  onMessage(listener: Parameters<GatewayStorage["onMessage"]>[0]): () => void {
    this.#local.add(listener);
    const stop = this.#notifications.subscribe((payload) => {
      // Access changes and receipts share the channel; no peer name starts with `!`.
      if (payload?.startsWith("!") !== true) listener(payload);
    });
    return () => {
      this.#local.delete(listener);
      stop();
    };
  }

  async purgeIdempotencyKeys(before: string): Promise<number> {
    return (
      (await this.#pool.query("DELETE FROM idempotency_keys WHERE created_at < $1", [before]))
        .rowCount ?? 0
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    while (this.#storing !== undefined || this.#scheduled)
      await Promise.all([this.#storing, nextTurn()]);
    await this.#notifications.close();
    await this.#pool.end();
  }
}

/**
 * The PostgreSQL side of the migration runner: a session advisory lock per schema serializes
 * gateways that start together; each migration is a transaction of its own.
 */
export function postgresMigrations(client: Queryable, schemaKey: number): MigrationConnection {
  return {
    timestamp: "TIMESTAMPTZ",
    async exec(sql) {
      await client.query(sql);
    },
    async appliedVersions() {
      const { rows } = await client.query<{ version: number }>(
        "SELECT version FROM schema_migrations",
      );
      return rows.map((row) => row.version);
    },
    async record(migration) {
      await client.query(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())",
        [migration.version, migration.name],
      );
    },
    async exclusive(work) {
      // One transaction holds the lock, so a transaction-mode pooler keeps it on one server
      // connection; each migration is a savepoint in it, and the closing COMMIT keeps those
      // that succeeded (it rolls back only a transaction that is aborted as a whole).
      await client.query("BEGIN");
      let result: Awaited<ReturnType<typeof work>>;
      try {
        await client.query("SELECT pg_advisory_xact_lock($1, $2)", [MIGRATION_LOCK, schemaKey]);
        result = await work();
      } catch (error) {
        await client.query("COMMIT").catch(() => {});
        throw error;
      }
      await client.query("COMMIT");
      return result;
    },
    async transaction(work) {
      await client.query("SAVEPOINT mesh_migration");
      try {
        await work();
        await client.query("RELEASE SAVEPOINT mesh_migration");
      } catch (error) {
        await client.query("ROLLBACK TO SAVEPOINT mesh_migration");
        throw error;
      }
    },
  };
}

/**
 * Throws unless `listenDatabase` reaches PostgreSQL itself and the database that `pool` uses:
 * a `LISTEN` through a pooler, or on another database, would never hear a send.
 */
async function checkListenDatabase(pool: pg.Pool, listenDatabase: string): Promise<void> {
  const client = new pg.Client({ connectionString: listenDatabase });
  try {
    await client.connect().catch((error: unknown) => {
      throw new StorageError({
        code: "invalid_listen_database",
        message: `cannot open the listen database (${error instanceof Error ? error.message : String(error)}): check its host, port, user and database name`,
        cause: error,
      });
    });
    const direct = await isDirectConnection(client);
    const database = "SELECT current_database() AS name";
    const [listen, main] = await Promise.all([
      client.query<{ name: string }>(database),
      pool.query<{ name: string }>(database),
    ]);
    if (!direct || listen.rows[0]!.name !== main.rows[0]!.name) {
      throw new StorageError({
        code: "invalid_listen_database",
        message: direct
          ? `listenDatabase opens database '${listen.rows[0]!.name}', not '${main.rows[0]!.name}' of database: give a URL of the same database`
          : "listenDatabase reaches a connection pooler, where LISTEN misses notifications: give a URL of PostgreSQL itself (its host and port, not the pooler's)",
      });
    }
  } finally {
    await client.end().catch(() => {});
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
