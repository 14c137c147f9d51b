import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { StorageError } from "./storage-error.js";

/** The lock one gateway holds on its SQLite file while it runs. */
export interface SqliteWriterLock {
  /** The process that held the lock and died without releasing it, when this one took it over. */
  readonly tookOverFrom: number | undefined;
  /** Gives the lock up (idempotent). */
  release(): void;
}

/** SQLite's "database is locked" result: another connection holds the write lock. */
const SQLITE_BUSY = 5;

/**
 * Takes the single-writer lock of a SQLite gateway database: a write transaction held open on
 * the side file `<database>.lock` for as long as the gateway runs, with the holder's process id
 * committed in it for others to read. The operating system drops the lock of a process that
 * dies, so a dead holder never blocks: its id is still recorded, and that says a takeover
 * happened. SQLite counts the lock within one process too (a second gateway on the same file
 * in this process fails alike). Other openings of the database itself (`token issue`) are not
 * affected.
 *
 * @throws {StorageError} code `database_in_use`, naming the process that holds the lock.
 */
export function acquireSqliteWriterLock(database: string): SqliteWriterLock {
  const path = `${resolve(database)}.lock`;
  // The database's folder may not exist yet (`.mesh/` on a fresh clone): storage makes it later.
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec("CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)");
    const holder = () => {
      try {
        return (db.prepare("SELECT pid FROM holder").get() as { pid: number } | undefined)?.pid;
      } catch {
        return undefined; // the holder is committing this instant: no name, still in use
      }
    };
    const begin = () => {
      try {
        db.exec("BEGIN IMMEDIATE");
      } catch (error) {
        if ((error as { errcode?: unknown }).errcode !== SQLITE_BUSY) throw error;
        throw inUse(database, holder());
      }
    };
    begin();
    const previous = holder();
    db.exec("DELETE FROM holder");
    db.prepare("INSERT INTO holder (pid, since) VALUES (?, ?)").run(
      process.pid,
      new Date().toISOString(),
    );
    // Committed so that others can read who holds the lock, then held again at once.
    db.exec("COMMIT");
    begin();
    let released = false;
    return {
      tookOverFrom: previous === undefined || previous === process.pid ? undefined : previous,
      release() {
        if (released) return;
        released = true;
        db.exec("DELETE FROM holder");
        db.exec("COMMIT");
        db.close();
      },
    };
  } catch (error) {
    if (db.isOpen) db.close();
    throw error;
  }
}

function inUse(database: string, pid: number | undefined): StorageError {
  const who = pid === undefined ? "another gateway process" : `the gateway process ${pid}`;
  return new StorageError({
    code: "database_in_use",
    message: `${database} is in use by ${who} (database_in_use): SQLite serves one gateway; stop that one first, or use PostgreSQL (a postgres:// database) to run several gateways`,
  });
}
