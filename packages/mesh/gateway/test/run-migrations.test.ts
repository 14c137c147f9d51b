import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { openStorage } from "../src/open-storage.js";
import { POSTGRES_MIGRATIONS, postgresMigrations } from "../src/postgres-storage.js";
import { type MigrationConnection, runMigrations } from "../src/run-migrations.js";
import { SQLITE_MIGRATIONS, sqliteMigrations } from "../src/sqlite-storage.js";
import type { Migration } from "../src/storage-schema.js";
import { BACKENDS, POOLED_BACKENDS } from "./backends.js";

/** A connection of the back end's migration runner and a way to read a number back. */
interface Opened {
  connection: MigrationConnection;
  count(sql: string): Promise<number>;
  close(): Promise<void>;
}

async function open(name: "sqlite" | "postgres", database: string): Promise<Opened> {
  if (name === "sqlite") {
    const db = new DatabaseSync(database);
    db.exec("PRAGMA busy_timeout = 5000");
    return {
      connection: sqliteMigrations(db),
      count: async (sql) => Number(Object.values(db.prepare(sql).get() ?? {})[0]),
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  return {
    connection: postgresMigrations(client, 4711),
    count: async (sql) => Number(Object.values((await client.query(sql)).rows[0] ?? {})[0]),
    close: () => client.end(),
  };
}

const MIGRATIONS: Migration[] = [
  { version: 1, name: "one", sql: "CREATE TABLE t1 (x INTEGER)" },
  { version: 2, name: "two", sql: "CREATE TABLE t2 (x INTEGER); INSERT INTO t2 VALUES (2)" },
];
const BROKEN: Migration = {
  version: 3,
  name: "broken",
  sql: "CREATE TABLE t3 (x INTEGER); INSERT INTO no_such_table VALUES (1)",
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

for (const { backend, describe } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describe(`runMigrations on ${backend.title}`, () => {
    const fresh = async (): Promise<string> => {
      const db = await backend.create();
      cleanups.push(db.cleanup);
      return db.database;
    };
    const opened = async (database: string) => {
      const connection = await open(backend.name, database);
      cleanups.push(connection.close);
      return connection;
    };

    it("applies each migration once, in order, and records it", async () => {
      const db = await opened(await fresh());
      await runMigrations(db.connection, MIGRATIONS);
      await runMigrations(db.connection, MIGRATIONS);
      expect(await db.count("SELECT count(*) FROM schema_migrations")).toBe(2);
      expect(await db.count("SELECT max(version) FROM schema_migrations")).toBe(2);
      expect(await db.count("SELECT count(*) FROM t2")).toBe(1);
    });

    it("keeps the migrations before a failing one and nothing of the failing one", async () => {
      const db = await opened(await fresh());
      await expect(runMigrations(db.connection, [...MIGRATIONS, BROKEN])).rejects.toThrow();
      expect(await db.count("SELECT count(*) FROM schema_migrations")).toBe(2);
      await expect(db.count("SELECT count(*) FROM t3")).rejects.toThrow();
      await runMigrations(db.connection, MIGRATIONS);
      expect(await db.count("SELECT count(*) FROM t2")).toBe(1);
    });

    it("applies each migration once when two connections migrate at the same time", async () => {
      const database = await fresh();
      const [a, b] = [await opened(database), await opened(database)];
      await Promise.all([
        runMigrations(a.connection, MIGRATIONS),
        runMigrations(b.connection, MIGRATIONS),
      ]);
      expect(await a.count("SELECT count(*) FROM schema_migrations")).toBe(2);
      expect(await b.count("SELECT count(*) FROM t2")).toBe(1);
    });
  });
}

for (const { backend, describe } of BACKENDS) {
  describe(`the conversations migration on ${backend.name}`, () => {
    it("indexes the messages stored before it for search and threads", async () => {
      const db = await backend.create();
      cleanups.push(db.cleanup);
      const connection = await open(backend.name, db.database);
      const migrations = backend.name === "sqlite" ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
      await runMigrations(connection.connection, migrations.slice(0, 2));
      await connection.connection.exec(
        `INSERT INTO messages (from_node, to_node, kind, content, thread_id, created_at)
         VALUES ('old-a', 'old-b', 'fyi', 'Archived Report ready', 'old-t', '2026-01-01T00:00:00Z'),
                ('old-b', 'old-a', 'answer', 'thanks', 'old-t', '2026-01-01T00:00:01Z')`,
      );
      await connection.close();
      const storage = await openStorage(db.database);
      cleanups.push(() => storage.close());
      const found = await storage.listMessages({
        words: ["archived", "rep"],
        unreadOnly: false,
        limit: 10,
      });
      expect(found.map((message) => message.content)).toEqual(["Archived Report ready"]);
      expect(await storage.listThreads({ party: "old-a", reader: "old-a", limit: 10 })).toEqual([
        expect.objectContaining({
          thread_id: "old-t",
          peers: ["old-a", "old-b"],
          messages: 2,
          unread: 1,
          last_kind: "answer",
        }),
      ]);
    });
  });
}

for (const { backend, describe } of BACKENDS) {
  describe(`the leaner search index migration on ${backend.name}`, () => {
    it("keeps messages stored before it searchable through the text index, and new ones", async () => {
      const db = await backend.create();
      cleanups.push(db.cleanup);
      const connection = await open(backend.name, db.database);
      const migrations = backend.name === "sqlite" ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
      await runMigrations(connection.connection, migrations.slice(0, 3));
      // More messages to one peer than a search tests itself, the match last: only the text
      // index can find it.
      await connection.connection.exec(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2100)
         INSERT INTO messages (from_node, to_node, kind, content, thread_id, created_at)
         SELECT 'old-a', 'old-b', 'fyi', CASE WHEN i = 2100 THEN 'Archived Report ready' ELSE 'filler' END,
           NULL, '2026-01-01T00:00:00Z' FROM n`,
      );
      await connection.close();
      const storage = await openStorage(db.database);
      cleanups.push(() => storage.close());
      const search = async (words: string[]) =>
        (await storage.listMessages({ words, to: "old-b", unreadOnly: false, limit: 10 })).map(
          (message) => message.content,
        );
      expect(await search(["archived", "rep"])).toEqual(["Archived Report ready"]);
      await storage.importMessages([
        {
          fromNode: "old-a",
          toNode: "old-b",
          kind: "fyi",
          content: "Archived again",
          relatedTaskId: null,
          threadId: null,
          createdAt: "2026-01-02T00:00:00Z",
          readAt: null,
        },
      ]);
      expect(await search(["archived"])).toEqual(["Archived Report ready", "Archived again"]);
    });
  });
}

for (const { backend, describe } of BACKENDS) {
  describe(`the page sizes migration on ${backend.name}`, () => {
    it("bounds a read of the messages stored before it by their raw text size", async () => {
      const db = await backend.create();
      cleanups.push(db.cleanup);
      const connection = await open(backend.name, db.database);
      const migrations = backend.name === "sqlite" ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
      await runMigrations(connection.connection, migrations.slice(0, 5));
      // 100 control characters: 100 bytes of text, 600 of JSON.
      const content = "\u0001".repeat(100);
      await connection.connection.exec(
        `INSERT INTO messages (from_node, to_node, kind, content, created_at)
         VALUES ('old-a', 'old-b', 'fyi', '${content}', '2026-01-01T00:00:00Z'),
                ('old-a', 'old-b', 'fyi', '${content}', '2026-01-01T00:00:01Z')`,
      );
      await connection.close();
      const storage = await openStorage(db.database);
      cleanups.push(() => storage.close());
      for (let index = 0; index < 2; index++) {
        await storage.importMessages([
          {
            fromNode: "old-a",
            toNode: "old-b",
            kind: "fyi",
            content,
            relatedTaskId: null,
            threadId: null,
            createdAt: `2026-01-01T00:00:0${index + 2}Z`,
            readAt: null,
          },
        ]);
      }
      const read = (maxBytes: number) =>
        storage
          .listMessages({ to: "old-b", unreadOnly: false, afterId: 0, limit: 10, maxBytes })
          .then((found) => found.length);
      expect(await read(100)).toBe(1);
      expect(await read(200)).toBe(2);
      expect(await read(201)).toBe(3);
      expect(await read(800)).toBe(3);
      expect(await read(801)).toBe(4);
    });
  });
}
