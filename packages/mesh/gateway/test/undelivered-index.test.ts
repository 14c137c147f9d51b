import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, it } from "vitest";
import { openStorage } from "../src/index.js";
import { messageSql } from "../src/message-sql.js";
import { tempDir } from "./helpers.js";

// SQLite keeps the index of undelivered messages in id order (migration 8): a batch's entries
// land on its last page. A sender's undelivered messages must still come from that index, never
// from a walk through the sender's whole history.

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

async function migratedDatabase(): Promise<DatabaseSync> {
  const dir = tempDir();
  dirs.push(dir);
  const path = join(dir.dir, "gateway.db");
  await (await openStorage(path)).close();
  return new DatabaseSync(path);
}

const planOf = (db: DatabaseSync, text: string, values: unknown[]) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${text}`)
    .all(...(values as string[]))
    .map((row) => String(row["detail"]))
    .join("\n");

it.each([
  ["one sender's", { from: "ui-alice" }, /messages_undelivered \(id>\?\)/],
  [
    "one sender's to one recipient",
    { from: "ui-alice", to: "ui-bob" },
    /messages_unread_to_node_id/,
  ],
  ["everyone's", {}, /messages_unread_id|messages_undelivered/],
])("reads %s undelivered messages through an index of unread ones", async (_, filter, index) => {
  const db = await migratedDatabase();
  try {
    for (const unreadOnly of [false, true]) {
      const sql = messageSql(
        { ...filter, state: "sent", unreadOnly, afterId: 0, limit: 100 },
        { backend: "sqlite", param: () => "?" },
      );
      const plan = planOf(db, sql.text, sql.values);
      expect(plan).toMatch(index);
      expect(plan).not.toMatch(/messages_from_node_id/);
    }
  } finally {
    db.close();
  }
});

it("keeps undelivered messages in id order, the sender in each entry", async () => {
  const db = await migratedDatabase();
  try {
    const columns = db
      .prepare("SELECT name FROM pragma_index_info('messages_undelivered')")
      .all()
      .map((row) => row["name"]);
    expect(columns).toEqual(["id", "from_node"]);
  } finally {
    db.close();
  }
});
