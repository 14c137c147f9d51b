import type { Migration } from "./storage-schema.js";

/** What the migration runner needs of one database connection. */
export interface MigrationConnection {
  /** The timestamp column type of `schema_migrations.applied_at`. */
  timestamp: string;
  /** Runs SQL statements. */
  exec(sql: string): Promise<void>;
  /** The versions `schema_migrations` records. */
  appliedVersions(): Promise<number[]>;
  /** Records a migration as applied, in its transaction. */
  record(migration: Migration): Promise<void>;
  /** Runs `work` while no other process can migrate this database. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` in a transaction (nested in `exclusive` where that already is one). */
  transaction(work: () => Promise<void>): Promise<void>;
}

/**
 * Brings a database to the newest schema: each migration not yet recorded in
 * `schema_migrations` runs once, in version order, in its own transaction with its record, while
 * other processes opening the same database wait. One runner for every back end, so they
 * cannot differ in what "applied" means.
 */
export async function runMigrations(
  connection: MigrationConnection,
  migrations: readonly Migration[],
): Promise<void> {
  await connection.exclusive(async () => {
    await connection.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${connection.timestamp} NOT NULL)`,
    );
    const applied = new Set(await connection.appliedVersions());
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await connection.transaction(async () => {
        await connection.exec(migration.sql);
        await connection.record(migration);
      });
    }
  });
}
