import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, it } from "vitest";
import { tempDir } from "../test/helpers.js";
import { openStorage } from "./index.js";
import { SqliteCheckpointer } from "./sqlite-checkpointer.js";

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

function databasePath(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir.dir, "gateway.db");
}

/** A WAL database with one table and `rows` rows committed, its writing connection kept open. */
function walDatabase(path: string, rows: number): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)");
  const insert = db.prepare("INSERT INTO t (text) VALUES (?)");
  db.exec("BEGIN");
  for (let index = 0; index < rows; index++) insert.run("x".repeat(200));
  db.exec("COMMIT");
  return db;
}

const until = async (done: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
};

it("copies committed WAL pages into the database file from its thread", async () => {
  const path = databasePath();
  const db = walDatabase(path, 2000);
  const before = statSync(path).size;
  const checkpointer = new SqliteCheckpointer(path, 20);
  try {
    // Nothing else checkpoints: the writer's automatic checkpoint is off.
    expect(await until(() => statSync(path).size > before + 200 * 1000)).toBe(true);
  } finally {
    await checkpointer.stop();
    db.close();
  }
});

it("stops once, and only its own connection: the writer's stays usable", async () => {
  const path = databasePath();
  const db = walDatabase(path, 10);
  const checkpointer = new SqliteCheckpointer(path, 20);
  await Promise.all([checkpointer.stop(), checkpointer.stop()]);
  db.prepare("INSERT INTO t (text) VALUES ('after')").run();
  expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 11 });
  db.close();
});

it("lets the storage's close remove the WAL: no connection of the checkpointer is left", async () => {
  const path = databasePath();
  const storage = await openStorage(path);
  await storage.registerPeer({
    name: "cp-alice",
    url: null,
    capabilities: {},
    extra: {},
    at: "2026-01-01T00:00:00.000Z",
  });
  expect(existsSync(`${path}-wal`)).toBe(true);
  await storage.close();
  expect(existsSync(`${path}-wal`)).toBe(false);
});
