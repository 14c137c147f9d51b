import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, it } from "vitest";
import { type GatewayStorage, openStorage } from "../src/index.js";
import { runMigrations } from "../src/run-migrations.js";
import { SQLITE_MIGRATIONS, sqliteMigrations } from "../src/sqlite-storage.js";
import { tempDir } from "./helpers.js";

// SQLite writes the search index once per batch of sends (migration 7 took it out of the
// per-row trigger): each stored message is indexed exactly once, whichever way it was stored.

let storage: GatewayStorage | undefined;
const dirs: Array<{ remove: () => void }> = [];
afterEach(async () => {
  await storage?.close();
  storage = undefined;
  for (const dir of dirs.splice(0)) dir.remove();
});

function databasePath(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir.dir, "gateway.db");
}

const send = (content: string, toNode = "spb-bob", threadId: string | null = null) =>
  storage!.insertMessage({
    fromNode: "spb-alice",
    toNode,
    kind: "fyi",
    content,
    relatedTaskId: null,
    threadId,
  });

/** Ids of the messages holding `word`, each as often as the index holds it. */
const matches = async (word: string) =>
  (await storage!.listMessages({ unreadOnly: false, afterId: 0, limit: 100, words: [word] })).map(
    (message) => message.id,
  );

/** How many rows the search index holds for `word` (a duplicate entry counts twice). */
function indexRows(path: string, word: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?")
      .get(word) as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

async function withPeers(path: string): Promise<void> {
  storage = await openStorage(path);
  const at = new Date().toISOString();
  for (const name of ["spb-alice", "spb-bob"]) {
    await storage.registerPeer({ name, url: null, capabilities: {}, extra: {}, at });
  }
}

it("indexes every send of a concurrent batch once, and none that was refused", async () => {
  const path = databasePath();
  await withPeers(path);
  const results = await Promise.all([
    send("batched alpha one"),
    send("batched alpha two"),
    send("batched alpha refused", "spb-nobody"),
    send("batched alpha three", "spb-bob", "spb-thread"),
  ]);
  expect(results.map((result) => result.refused)).toEqual([
    undefined,
    undefined,
    "unknown_recipient",
    undefined,
  ]);
  const stored = results.flatMap((result) => (result.message ? [result.message.id] : []));
  expect(await matches("alpha")).toEqual(stored);
  expect(await matches("refused")).toEqual([]);
  expect(indexRows(path, "alpha")).toBe(3);
  const threads = await storage!.listThreads({ limit: 10 });
  expect(threads.map((thread) => thread.thread_id)).toEqual(["spb-thread"]);
});

it("indexes imported messages once", async () => {
  const path = databasePath();
  await withPeers(path);
  const at = new Date().toISOString();
  await storage!.importMessages(
    ["imported beta", "imported beta again"].map((content) => ({
      fromNode: "spb-alice",
      toNode: "spb-bob",
      kind: "fyi",
      content,
      relatedTaskId: null,
      threadId: null,
      createdAt: at,
      readAt: null,
    })),
  );
  expect(await matches("beta")).toHaveLength(2);
  expect(indexRows(path, "beta")).toBe(2);
});

it("keeps what a database of schema 6 indexed, and indexes later sends once", async () => {
  const path = databasePath();
  const old = new DatabaseSync(path);
  await runMigrations(sqliteMigrations(old), SQLITE_MIGRATIONS.slice(0, 6));
  old.exec(`INSERT INTO peers (name, registered_at, last_seen) VALUES
    ('spb-alice', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
    ('spb-bob', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
  old.exec(`INSERT INTO messages (from_node, to_node, kind, content, created_at)
    VALUES ('spb-alice', 'spb-bob', 'fyi', 'gamma from before', '2026-01-01T00:00:00.000Z')`);
  old.close();
  storage = await openStorage(path);
  const later = await send("gamma after the upgrade");
  expect(await matches("gamma")).toEqual([1, later.message!.id]);
  expect(indexRows(path, "gamma")).toBe(2);
});
