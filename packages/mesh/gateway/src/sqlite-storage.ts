import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type {
  StrictMessage as Message,
  StrictPeer as Peer,
  StrictTokenHolder,
} from "@mesh/protocol";
import { ROW_JSON_BYTES } from "./filter-conditions.js";
import type {
  GatewayStorage,
  IdempotencyOptions,
  ImportedMessage,
  InsertResult,
  MessageQuery,
  MessagesJson,
  NewMessage,
  RegisterPeerInput,
  SenderReceipt,
  ThreadQuery,
} from "./gateway-storage.js";
import { isoTime } from "./iso-time.js";
import { type MessageSqlDialect, messageSql, QUALIFIED_COLUMNS } from "./message-sql.js";
import { checkRegistrationSize } from "./registration-limits.js";
import { repeatOf } from "./repeat-of.js";
import { type MigrationConnection, runMigrations } from "./run-migrations.js";
import { SqliteCheckpointer, WAL_SAFETY_NET_PAGES } from "./sqlite-checkpointer.js";
import { SQLITE_RECEIPTS, sqliteReceipts } from "./sqlite-receipts.js";
import { registerHoldsWords } from "./sqlite-search-sql.js";
import { StorageError, withStorageErrors } from "./storage-error.js";
import {
  type DbMessageRow,
  type DbPeerRow,
  INSERT_COLUMNS,
  messageFromRow,
  messageValues,
  peerFromRow,
  storedMessage,
} from "./storage-rows.js";
import { MESSAGE_COLUMNS, MESSAGE_STATE_SQL, schemaMigrations } from "./storage-schema.js";
import { listThreads } from "./thread-queries.js";

// Key-only tables skip the hidden rowid: the primary key is the only lookup.
export const SQLITE_MIGRATIONS = schemaMigrations({
  enabledFlag: "INTEGER NOT NULL DEFAULT 1",
  timestamp: "TEXT",
  messageId: "INTEGER PRIMARY KEY AUTOINCREMENT",
  messageIdRef: "INTEGER",
  keyedTableSuffix: " WITHOUT ROWID",
  messageOrder: "",
  // Prefix indexes: the last search word matches as a prefix, and expanding a short prefix over
  // every term of 1 M messages costs ~100 ms; with them it is a lookup.
  conversations: `
    CREATE VIRTUAL TABLE messages_fts USING fts5(
      content, content = 'messages', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0',
      prefix = '1 2 3 4 5 6'
    );
    INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
    CREATE TRIGGER messages_conversations AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts (rowid, content) VALUES (new.id, new.content);
      INSERT INTO threads (thread_id, last_id) SELECT new.thread_id, new.id WHERE new.thread_id IS NOT NULL
        ON CONFLICT (thread_id) DO UPDATE SET last_id = excluded.last_id;
      INSERT INTO thread_peers (peer, thread_id, last_id)
        SELECT new.from_node, new.thread_id, new.id WHERE new.thread_id IS NOT NULL
        UNION ALL SELECT new.to_node, new.thread_id, new.id WHERE new.thread_id IS NOT NULL
        ON CONFLICT (peer, thread_id) DO UPDATE SET last_id = excluded.last_id;
    END;
  `,
  // The prefix indexes of version 3 stored every word seven times, which about doubled the
  // index's share of a send on 1 M messages; a search now tests the first candidates itself and
  // asks FTS5 only for the rare part of its words, which needs no prefix index. No column sizes
  // either: nothing ranks by them.
  leanerSearch: `
    DROP TABLE messages_fts;
    CREATE VIRTUAL TABLE messages_fts USING fts5(
      content, content = 'messages', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0',
      columnsize = 0
    );
    INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
  `,
  receipts: SQLITE_RECEIPTS,
  // FTS5 flushes its pending terms at every statement's savepoint, so a row indexed by a
  // trigger wrote a segment of its own (about 12 µs a send, then merges); one INSERT … SELECT
  // per batch (`#indexSearch`) writes one. Rows without a thread skip the trigger.
  searchPerBatch: `
    DROP TRIGGER messages_conversations;
    CREATE TRIGGER messages_threads AFTER INSERT ON messages WHEN new.thread_id IS NOT NULL BEGIN
      INSERT INTO threads (thread_id, last_id) VALUES (new.thread_id, new.id)
        ON CONFLICT (thread_id) DO UPDATE SET last_id = excluded.last_id;
      INSERT INTO thread_peers (peer, thread_id, last_id)
        VALUES (new.from_node, new.thread_id, new.id), (new.to_node, new.thread_id, new.id)
        ON CONFLICT (peer, thread_id) DO UPDATE SET last_id = excluded.last_id;
    END;
  `,
  // Keyed by sender, each send's entry landed on that sender's page of the index, so a batch
  // from many senders rewrote a page each (a fifth of a send's storage work); in id order every
  // entry of a batch lands on the last page. A sender's undelivered messages are read from it
  // with the sender tested in the index (`filterConditions`).
  undeliveredInIdOrder: `
    DROP INDEX messages_undelivered;
    CREATE INDEX messages_undelivered ON messages (id, from_node) WHERE delivered_at IS NULL;
  `,
});

/** `'id', m.id, 'from_node', m.from_node, …`: a stored message as `json_object` arguments. */
const JSON_FIELDS = `${MESSAGE_COLUMNS.split(", ")
  .map((column) => `'${column}', m.${column}`)
  .join(", ")}, 'state', ${MESSAGE_STATE_SQL}`;

const SQLITE: MessageSqlDialect = { backend: "sqlite", param: () => "?" };

/** The messages whose ids a JSON array (parameter 1) lists, in id order, as wire rows. */
const ROWS_OF_IDS = `SELECT ${QUALIFIED_COLUMNS} FROM messages m WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id`;

/** The same as JSON text, one column per row. */
const JSON_OF_IDS = `SELECT json_object(${JSON_FIELDS}) AS j FROM messages m WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id`;

interface PendingInsert {
  message: NewMessage;
  idempotency: IdempotencyOptions | undefined;
  resolve: (result: InsertResult) => void;
  reject: (error: unknown) => void;
}

/** The SQLite migrations of this process, one after the other. */
let migrating: Promise<unknown> = Promise.resolve();

/** The SQLite side of the migration runner: one immediate transaction locks the file. */
export function sqliteMigrations(db: DatabaseSync): MigrationConnection {
  return {
    timestamp: "TEXT",
    async exec(sql) {
      db.exec(sql);
    },
    async appliedVersions() {
      const rows = db.prepare("SELECT version FROM schema_migrations").all();
      return rows.map((row) => Number(row["version"]));
    },
    async record(migration) {
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    },
    exclusive(work) {
      // Other processes wait on the file lock; this process's other openings wait their turn
      // here, since a second immediate transaction would block the one thread they share.
      const run = migrating.then(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          return await work();
        } finally {
          // A failed migration rolled back its own savepoint: the ones before it stay, as on
          // PostgreSQL, where each is a transaction.
          db.exec("COMMIT");
        }
      });
      migrating = run.catch(() => {});
      return run;
    },
    async transaction(work) {
      // Inside the immediate transaction: a savepoint keeps each migration all or nothing.
      db.exec("SAVEPOINT migration");
      try {
        await work();
        db.exec("RELEASE migration");
      } catch (error) {
        db.exec("ROLLBACK TO migration");
        db.exec("RELEASE migration");
        throw error;
      }
    },
  };
}

/**
 * Opens (creating when needed) a SQLite gateway database with `node:sqlite`.
 *
 * WAL mode with `synchronous=NORMAL`: a committed transaction is in the WAL file (in the OS
 * page cache at least) before the 2xx goes out, so it survives a killed gateway process;
 * only an OS crash or power loss can drop the last few commits. `FULL` would add an fsync per
 * message for that case, which the embedded default does not pay. A file database is
 * checkpointed by a worker thread (`SqliteCheckpointer`), off the event loop.
 */
export async function openSqliteStorage(path: string): Promise<GatewayStorage> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA busy_timeout = 5000");
  registerHoldsWords(db);
  await runMigrations(sqliteMigrations(db), SQLITE_MIGRATIONS);
  let checkpointer: SqliteCheckpointer | undefined;
  if (path !== ":memory:") {
    checkpointer = new SqliteCheckpointer(path);
    db.exec(`PRAGMA wal_autocheckpoint = ${WAL_SAFETY_NET_PAGES}`);
  }
  // node:sqlite answers every call on a closed database with ERR_INVALID_STATE.
  return withStorageErrors<GatewayStorage>(
    new SqliteStorage(db, checkpointer),
    (error) => (error as { code?: unknown })?.code === "ERR_INVALID_STATE",
  );
}

/** Per batch: peers' enabled flags, the senders' latest send times, the last created_at. */
interface BatchState {
  enabled: Map<string, boolean | undefined>;
  seen: Map<string, string>;
  lastCreatedAt: string;
  /** Questions the batch's answers answered, announced after the commit. */
  receipts: SenderReceipt[];
}

/** The SQLite back end of `GatewayStorage`, on one migrated `node:sqlite` database. */
export class SqliteStorage implements GatewayStorage {
  readonly backend = "sqlite";
  readonly wakeups = "process";
  readonly #db: DatabaseSync;
  readonly #checkpointer: SqliteCheckpointer | undefined;
  readonly #statements = new Map<string, StatementSync>();
  // Writes take the lock up front so a second process on the same file waits instead of failing.
  // BEGIN and COMMIT are prepared once: a group commit runs them on every event-loop turn.
  readonly #begin: StatementSync;
  readonly #commit: StatementSync;
  readonly #listeners = new Set<(toNode: string | undefined, message?: Message) => void>();
  readonly #accessListeners = new Set<(peer: string) => void>();
  readonly #receiptListeners = new Set<(receipt: SenderReceipt) => void>();
  readonly #receipts: ReturnType<typeof sqliteReceipts>;
  /** Receipts of the batch being stored: dropped with a rolled-back batch, emitted after commit. */
  #answered: SenderReceipt[] = [];
  // Group commit: sends that arrive in the same event-loop turn share one transaction, so
  // a busy gateway pays one COMMIT per turn instead of one per message. Each send is still
  // answered only after its transaction committed.
  #pending: PendingInsert[] = [];
  #closed = false;

  /**
   * Takes a database `openSqliteStorage` has migrated, and the checkpointer of its file (stopped
   * at `close`), if any.
   */
  constructor(db: DatabaseSync, checkpointer?: SqliteCheckpointer) {
    this.#db = db;
    this.#checkpointer = checkpointer;
    this.#begin = db.prepare("BEGIN IMMEDIATE");
    this.#commit = db.prepare("COMMIT");
    this.#receipts = sqliteReceipts(
      (text) => this.#sql(text),
      (receipt) => this.#emitReceipt(receipt),
    );
  }

  #sql(text: string, returnArrays = false): StatementSync {
    let statement = this.#statements.get(text);
    if (statement === undefined) {
      statement = this.#db.prepare(text);
      // Rows as arrays (Node >= 22.16) where a query reads one JSON column: no object per row.
      if (returnArrays) {
        (statement as { setReturnArrays?: (on: boolean) => void }).setReturnArrays?.(true);
      }
      this.#statements.set(text, statement);
    }
    return statement;
  }

  #transaction<T>(work: () => T): T {
    this.#begin.run();
    try {
      const result = work();
      this.#commit.run();
      return result;
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }

  #getPeer(name: string): Peer | undefined {
    const row = this.#sql("SELECT * FROM peers WHERE name = ?").get(name) as DbPeerRow | undefined;
    return row === undefined ? undefined : peerFromRow(row);
  }

  #getMessage(id: number): Message | undefined {
    const row = this.#sql(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?`).get(id) as
      | DbMessageRow
      | undefined;
    return row === undefined ? undefined : messageFromRow(row);
  }

  /** The id of the newest stored message (0 when none): new rows of a batch come after it. */
  #lastId(): number {
    const row = this.#sql("SELECT max(id) AS id FROM messages").get() as { id: number | null };
    return Number(row.id ?? 0);
  }

  /** Adds the rows stored after `afterId` to the search index, in the current transaction. */
  #indexSearch(afterId: number): void {
    this.#sql(
      "INSERT INTO messages_fts (rowid, content) SELECT id, content FROM messages WHERE id > ?",
    ).run(afterId);
  }

  #insertRow(message: NewMessage & { createdAt: string }, readAt: string | null): number {
    const result = this.#sql(
      `INSERT INTO messages (${INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(...messageValues(message, readAt));
    return Number(result.lastInsertRowid);
  }

  // Peers are checked inside the send's transaction: atomic with the insert, and a lookup in
  // an open transaction skips the WAL read-lock round a standalone read pays. Within one
  // transaction no other connection can change a peer, so each peer is read once.
  #enabledPeer(name: string, batch: BatchState): boolean | undefined {
    if (batch.enabled.has(name)) return batch.enabled.get(name);
    const row = this.#sql("SELECT enabled FROM peers WHERE name = ?").get(name) as
      | { enabled: number }
      | undefined;
    const enabled = row === undefined ? undefined : row.enabled === 1;
    batch.enabled.set(name, enabled);
    return enabled;
  }

  #insertOne(
    message: NewMessage,
    idempotency: IdempotencyOptions | undefined,
    batch: BatchState,
  ): InsertResult {
    if (idempotency !== undefined) {
      const previous = this.#sql(
        "SELECT message_id FROM idempotency_keys WHERE from_node = ? AND key = ? AND created_at >= ?",
      ).get(message.fromNode, idempotency.key, idempotency.notBefore) as
        | { message_id: number }
        | undefined;
      const first = previous === undefined ? undefined : this.#getMessage(previous.message_id);
      if (first !== undefined) return repeatOf(first, message);
    }
    const recipient = this.#enabledPeer(message.toNode, batch);
    if (recipient === undefined) return { refused: "unknown_recipient" };
    if (!recipient) return { refused: "recipient_disabled" };
    if (this.#enabledPeer(message.fromNode, batch) === false) return { refused: "sender_disabled" };
    // A single writer assigns ids in commit order; the clock is only raised, never lowered.
    const now = message.createdAt ?? isoTime();
    if (now > batch.lastCreatedAt) batch.lastCreatedAt = now;
    const createdAt = batch.lastCreatedAt;
    const id = this.#insertRow({ ...message, createdAt }, null);
    if (idempotency !== undefined) {
      this.#sql(
        "INSERT INTO idempotency_keys (from_node, key, message_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (from_node, key) DO UPDATE SET message_id = excluded.message_id, created_at = excluded.created_at",
      ).run(message.fromNode, idempotency.key, id, createdAt);
    }
    batch.seen.set(message.fromNode, createdAt);
    if (message.kind === "answer" && message.threadId !== null) {
      batch.receipts.push(...this.#receipts.answeredBy(id, message.threadId, createdAt));
    }
    return { message: storedMessage(message, id, createdAt), created: true };
  }

  /**
   * Stores a batch in the current transaction. `last_seen` is written once per sender with
   * its latest send of the batch (the same end state as one write per message, fewer rows).
   */
  #insertBatch(batch: readonly PendingInsert[]): InsertResult[] {
    const last = this.#sql("SELECT id, created_at FROM messages ORDER BY id DESC LIMIT 1").get() as
      | { id: number; created_at: string }
      | undefined;
    const state: BatchState = {
      enabled: new Map(),
      seen: new Map(),
      lastCreatedAt: last?.created_at ?? "",
      receipts: [],
    };
    const results = batch.map((item) => this.#insertOne(item.message, item.idempotency, state));
    if (results.some((result) => result.message !== undefined && result.created))
      this.#indexSearch(Number(last?.id ?? 0));
    const touch = this.#sql("UPDATE peers SET last_seen = ? WHERE name = ?");
    for (const [peer, at] of state.seen) touch.run(at, peer);
    this.#answered.push(...state.receipts);
    return results;
  }

  #accessChanged(peer: string): void {
    for (const listener of this.#accessListeners) listener(peer);
  }

  #announce(message: Message): void {
    for (const listener of this.#listeners) listener(message.to_node, message);
  }

  #emitReceipt(receipt: SenderReceipt): void {
    for (const listener of this.#receiptListeners) listener(receipt);
  }

  #announceAnswers(): void {
    const ready = this.#answered;
    this.#answered = [];
    for (const receipt of ready) this.#emitReceipt(receipt);
  }

  #flushPending(): void {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    let results: InsertResult[];
    try {
      results = this.#transaction(() => this.#insertBatch(batch));
    } catch {
      this.#answered = [];
      // One bad row must not fail its neighbours: retry each in its own transaction.
      for (const item of batch) {
        try {
          const result = this.#transaction(() => this.#insertBatch([item]))[0]!;
          item.resolve(result);
          if (result.message !== undefined && result.created) this.#announce(result.message);
          this.#announceAnswers();
        } catch (error) {
          this.#answered = [];
          item.reject(error);
        }
      }
      return;
    }
    for (let index = 0; index < batch.length; index++) batch[index]!.resolve(results[index]!);
    for (const result of results)
      if (result.message !== undefined && result.created) this.#announce(result.message);
    this.#announceAnswers();
  }

  async ping(): Promise<void> {
    this.#sql("SELECT 1").get();
  }

  async registerPeer(input: RegisterPeerInput): Promise<{ peer: Peer; created: boolean }> {
    return this.#transaction(() => {
      const existing = this.#sql("SELECT extra FROM peers WHERE name = ?").get(input.name) as
        | { extra: string }
        | undefined;
      const capabilities = JSON.stringify(input.capabilities);
      const extra =
        existing === undefined
          ? input.extra
          : { ...(JSON.parse(existing.extra) as Record<string, unknown>), ...input.extra };
      checkRegistrationSize(input.capabilities, extra);
      if (existing === undefined) {
        this.#sql(
          "INSERT INTO peers (name, url, capabilities, extra, enabled, last_seen, registered_at) VALUES (?, ?, ?, ?, 1, ?, ?)",
        ).run(input.name, input.url, capabilities, JSON.stringify(extra), input.at, input.at);
      } else {
        this.#sql(
          "UPDATE peers SET url = ?, capabilities = ?, extra = ?, last_seen = ?, registered_at = COALESCE(registered_at, ?) WHERE name = ?",
        ).run(input.url, capabilities, JSON.stringify(extra), input.at, input.at, input.name);
      }
      return { peer: this.#getPeer(input.name)!, created: existing === undefined };
    });
  }

  async listPeers(page?: Parameters<GatewayStorage["listPeers"]>[0]): Promise<Peer[]> {
    const rows =
      page === undefined
        ? this.#sql("SELECT * FROM peers ORDER BY name").all()
        : this.#sql("SELECT * FROM peers WHERE name > ? ORDER BY name LIMIT ?").all(
            page.after ?? "",
            page.limit,
          );
    return (rows as unknown as DbPeerRow[]).map(peerFromRow);
  }

  async getPeer(name: string): Promise<Peer | undefined> {
    return this.#getPeer(name);
  }

  async setPeerEnabled(name: string, enabled: boolean): Promise<Peer | undefined> {
    this.#sql("UPDATE peers SET enabled = ? WHERE name = ?").run(enabled ? 1 : 0, name);
    if (!enabled) this.#accessChanged(name);
    return this.#getPeer(name);
  }

  async touchPeer(name: string, at: string): Promise<void> {
    this.#sql("UPDATE peers SET last_seen = ? WHERE name = ?").run(at, name);
  }

  insertMessage(message: NewMessage, idempotency?: IdempotencyOptions): Promise<InsertResult> {
    if (this.#closed)
      return Promise.reject(
        new StorageError({ code: "unavailable", message: "the gateway storage is closed" }),
      );
    return new Promise((resolve, reject) => {
      this.#pending.push({ message, idempotency, resolve, reject });
      if (this.#pending.length === 1) setImmediate(() => this.#flushPending());
    });
  }

  /**
   * The ids of the messages `query` selects, in id order, up to and including the one whose
   * stored JSON size brings the running sum to `maxBytes`: one read of ids and sizes, so the rows
   * past the cut are never read and an empty read (the common poll) reads nothing more.
   */
  #idsWithin(query: MessageQuery): number[] {
    const { text, values } = messageSql(
      { ...query, maxBytes: undefined },
      SQLITE,
      `m.id, ${ROW_JSON_BYTES} AS b`,
    );
    const sized = this.#sql(text, true).all(...(values as SQLInputValue[])) as unknown as Array<
      [number, number] | { id: number; b: number }
    >;
    const ids: number[] = [];
    let bytes = 0;
    for (const row of sized) {
      if (query.maxBytes !== undefined && bytes >= query.maxBytes) break;
      const [id, size] = Array.isArray(row) ? row : [row.id, row.b];
      ids.push(id);
      bytes += Number(size);
    }
    return ids;
  }

  async listMessages(query: MessageQuery): Promise<Message[]> {
    const ids = this.#idsWithin(query);
    if (ids.length === 0) return [];
    // The selected columns already have the wire names and ISO text: no per-row copy.
    return this.#sql(ROWS_OF_IDS).all(JSON.stringify(ids)) as unknown as Message[];
  }

  async listMessagesJson(query: MessageQuery): Promise<MessagesJson> {
    // SQLite writes each kept row's JSON in C (escaping as JSON.stringify does): no row object,
    // no serialization. An empty poll never runs this statement, whose every run costs ~10 µs.
    const ids = this.#idsWithin(query);
    if (ids.length === 0) return { ids, rows: [] };
    const found = this.#sql(JSON_OF_IDS, true).all(JSON.stringify(ids)) as unknown as Array<
      [string] | { j: string }
    >;
    return { ids, rows: found.map((row) => (Array.isArray(row) ? row[0] : row.j)) };
  }

  async listThreads(query: ThreadQuery): ReturnType<GatewayStorage["listThreads"]> {
    return listThreads(query, "sqlite", async (text, values) =>
      this.#sql(text).all(...(values as SQLInputValue[])),
    );
  }

  async getMessage(id: number): Promise<Message | undefined> {
    return this.#getMessage(id);
  }

  async findIdempotent(
    fromNode: string,
    key: string,
    notBefore: string,
  ): Promise<Message | undefined> {
    const row = this.#sql(
      "SELECT message_id FROM idempotency_keys WHERE from_node = ? AND key = ? AND created_at >= ?",
    ).get(fromNode, key, notBefore) as { message_id: number } | undefined;
    return row === undefined ? undefined : this.#getMessage(row.message_id);
  }

  async markRead(id: number, at: string): Promise<Message | undefined> {
    this.#receipts.markRead(id, at);
    return this.#getMessage(id);
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

  onReceipt(listener: (receipt: SenderReceipt) => void): () => void {
    this.#receiptListeners.add(listener);
    return () => this.#receiptListeners.delete(listener);
  }

  async receiptBacklog(): ReturnType<GatewayStorage["receiptBacklog"]> {
    return this.#receipts.backlog();
  }

  async importMessages(messages: readonly ImportedMessage[]): Promise<void> {
    this.#transaction(() => {
      const afterId = this.#lastId();
      for (const message of messages) this.#insertRow(message, message.readAt);
      this.#indexSearch(afterId);
    });
  }

  async saveToken(peer: string, tokenHash: string, at: string): Promise<void> {
    this.#sql("INSERT INTO tokens (hash, peer, created_at) VALUES (?, ?, ?)").run(
      tokenHash,
      peer,
      at,
    );
  }

  async revokeTokens(peer: string): Promise<number> {
    const revoked = Number(this.#sql("DELETE FROM tokens WHERE peer = ?").run(peer).changes);
    this.#accessChanged(peer);
    return revoked;
  }

  async unreadBacklog(): Promise<{ count: number; oldest: Message | undefined }> {
    const row = this.#sql(
      "SELECT count(*) AS count, min(id) AS oldest FROM messages WHERE read_at IS NULL",
    ).get() as { count: number; oldest: number | null };
    return {
      count: Number(row.count),
      oldest: row.oldest === null ? undefined : this.#getMessage(Number(row.oldest)),
    };
  }

  async listTokenPeers(): Promise<string[]> {
    const rows = this.#sql("SELECT DISTINCT peer FROM tokens ORDER BY peer").all() as {
      peer: string;
    }[];
    return rows.map((row) => row.peer);
  }

  async listTokenHolders({
    after,
    limit,
  }: Parameters<GatewayStorage["listTokenHolders"]>[0]): Promise<StrictTokenHolder[]> {
    const rows = this.#sql(
      `SELECT t.peer, count(*) AS tokens, min(t.created_at) AS first_issued_at,
           max(t.created_at) AS last_issued_at,
           EXISTS (SELECT 1 FROM peers p WHERE p.name = t.peer) AS registered
         FROM tokens t WHERE t.peer > ? GROUP BY t.peer ORDER BY t.peer LIMIT ?`,
    ).all(after ?? "", limit) as (Omit<StrictTokenHolder, "registered"> & {
      registered: number;
    })[];
    return rows.map((row) => ({
      ...row,
      tokens: Number(row.tokens),
      registered: row.registered === 1,
    }));
  }

  async findTokenPeer(tokenHash: string): Promise<string | undefined> {
    const row = this.#sql("SELECT peer FROM tokens WHERE hash = ?").get(tokenHash) as
      | { peer: string }
      | undefined;
    return row?.peer;
  }

  async anyLiveToken(tokenHashes: readonly string[]): Promise<boolean> {
    if (tokenHashes.length === 0) return false;
    const row = this.#sql(
      "SELECT 1 AS found FROM tokens WHERE hash IN (SELECT value FROM json_each(?)) LIMIT 1",
    ).get(JSON.stringify(tokenHashes.slice(0, 1000)));
    return row !== undefined;
  }

  onAccessChange(listener: (peer: string) => void): () => void {
    this.#accessListeners.add(listener);
    return () => this.#accessListeners.delete(listener);
  }

  onMessage(listener: (toNode: string | undefined, message?: Message) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async purgeIdempotencyKeys(before: string): Promise<number> {
    return Number(
      this.#sql("DELETE FROM idempotency_keys WHERE created_at < ?").run(before).changes,
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#flushPending();
    this.#closed = true;
    // The last connection to close checkpoints the WAL and removes it.
    await this.#checkpointer?.stop();
    this.#db.close();
  }
}
