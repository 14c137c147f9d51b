import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { postgresMigrations } from "../src/postgres-storage.js";
import { type MigrationConnection, runMigrations } from "../src/run-migrations.js";
import { sqliteMigrations } from "../src/sqlite-storage.js";
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
