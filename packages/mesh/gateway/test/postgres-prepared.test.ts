import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GatewayStorage, openStorage } from "../src/index.js";
import { namedStatement } from "../src/named-statement.js";
import { createPostgresPool } from "../src/postgres-pool.js";
import { POSTGRES_REACHABLE } from "./backends.js";
import { createPgSchema, PG_BASE_URL } from "./helpers.js";

describe("namedStatement", () => {
  it("gives one name per text, the same on every call", () => {
    const a = namedStatement("SELECT 1 AS a", []);
    const b = namedStatement("SELECT 2 AS b", [1]);
    expect(a.name).not.toBe(b.name);
    expect(namedStatement("SELECT 1 AS a", [2])).toEqual({
      name: a.name,
      text: "SELECT 1 AS a",
      values: [2],
    });
  });
});

(POSTGRES_REACHABLE ? describe : describe.skip)("createPostgresPool", () => {
  it("prepares named statements only while they are switched on", async () => {
    const prepared = async (on: boolean) => {
      const { pool, usePreparedStatements } = createPostgresPool(PG_BASE_URL);
      usePreparedStatements(on);
      try {
        // One connection, so the second query sees what the first one left on it.
        const client = await pool.connect();
        try {
          await client.query(namedStatement("SELECT 1 AS probe", []));
          const { rows } = await client.query<{ name: string }>(
            "SELECT name FROM pg_prepared_statements",
          );
          return rows.map((row) => row.name);
        } finally {
          client.release();
        }
      } finally {
        await pool.end();
      }
    };
    const name = namedStatement("SELECT 1 AS probe", []).name;
    expect(await prepared(true)).toContain(name);
    expect(await prepared(false)).not.toContain(name);
  });
});

(POSTGRES_REACHABLE ? describe : describe.skip)("prepared statements on PostgreSQL", () => {
  let storage: GatewayStorage;
  let schema: Awaited<ReturnType<typeof createPgSchema>>;
  const at = "2026-01-01T00:00:00.000Z";
  const send = (content: string) =>
    storage.insertMessage({
      fromNode: "alpha",
      toNode: "bravo",
      kind: "fyi",
      content,
      relatedTaskId: null,
      threadId: null,
    });

  beforeAll(async () => {
    schema = await createPgSchema();
    storage = await openStorage(schema.url);
    for (const name of ["alpha", "bravo"]) {
      await storage.registerPeer({ name, url: null, capabilities: {}, extra: {}, at });
    }
  });
  afterAll(async () => {
    await storage?.close();
    await schema?.drop();
  });

  it("keep working after a newer gateway adds a column to the tables they read", async () => {
    await send("before");
    await storage.listMessages({ to: "bravo", unreadOnly: true, limit: 10 });
    await storage.listPeers();
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      await other.query("ALTER TABLE messages ADD COLUMN added_later TEXT");
      await other.query("ALTER TABLE tokens ADD COLUMN added_later TEXT");
      await other.query("ALTER TABLE peers ADD COLUMN added_later TEXT");
    } finally {
      await other.end();
    }
    const stored = await send("after");
    expect(stored).toMatchObject({ created: true, message: { content: "after" } });
    const inbox = await storage.listMessages({ to: "bravo", unreadOnly: true, limit: 10 });
    expect(inbox.map((message) => message.content)).toEqual(["before", "after"]);
    expect(Object.keys(inbox[0]!)).not.toContain("added_later");
    expect(await storage.findTokenPeer("no-such-hash")).toBeUndefined();
    await storage.touchPeer("alpha", at);
    expect((await storage.listPeers()).map((peer) => peer.name)).toEqual(["alpha", "bravo"]);
  });
});
