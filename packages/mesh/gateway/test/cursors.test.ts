import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { BACKENDS, POOLED_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register, send } from "./helpers.js";

const SENDERS = 8;
const PER_SENDER = 60;

interface Row {
  id: number;
  created_at: string;
  content: string;
}

/**
 * Pages with after_id while `sending` runs; once it has settled, one more empty page ends it:
 * every acknowledged message must have been seen by then.
 */
async function pageAll(gateway: RunningGateway, query: string, sending: Promise<unknown>) {
  let done = false;
  void sending.finally(() => {
    done = true;
  });
  const rows: Row[] = [];
  let after = 0;
  for (;;) {
    const finished = done;
    const { json } = await call(gateway, "GET", `/messages?${query}limit=7&after_id=${after}`);
    if (json.messages.length > 0) {
      rows.push(...json.messages);
      after = json.messages.at(-1).id;
    } else if (finished) {
      return rows;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

for (const { backend, describe } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describe(`order and cursors on ${backend.title}`, () => {
    const gateways: RunningGateway[] = [];
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      // SQLite serves one gateway per file; PostgreSQL two on one database.
      const count = backend.name === "postgres" ? 2 : 1;
      for (let index = 0; index < count; index++) {
        gateways.push(
          await startGateway({
            port: 0,
            database: db.database,
            listenDatabase: db.listenDatabase,
            adminToken: ADMIN_TOKEN,
            logger: false,
            rateLimitPerMinute: 0,
          }),
        );
      }
    });
    afterAll(async () => {
      for (const gateway of gateways) await gateway.close();
      await cleanup?.();
    });

    it("pages every message with after_id, with and without to, during concurrent sends", async () => {
      const [first] = gateways;
      await register(first!, "cursor-inbox");
      for (let index = 0; index < SENDERS; index++) await register(first!, `cursor-s${index}`);
      const total = SENDERS * PER_SENDER;
      const sending = Promise.all(
        Array.from({ length: SENDERS }, async (_, sender) => {
          const gateway = gateways[sender % gateways.length]!;
          for (let index = 0; index < PER_SENDER; index++) {
            const result = await send(gateway, {
              from_node: `cursor-s${sender}`,
              to_node: "cursor-inbox",
              content: `${sender}:${index}`,
            });
            expect(result.status).toBe(201);
          }
        }),
      );
      const readers = gateways.flatMap((gateway) => [
        pageAll(gateway, "to=cursor-inbox&", sending),
        pageAll(gateway, "", sending),
      ]);
      await sending;
      for (const rows of await Promise.all(readers)) {
        expect(rows).toHaveLength(total);
        expect(new Set(rows.map((row) => row.content)).size).toBe(total);
        const ids = rows.map((row) => row.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        const times = rows.map((row) => row.created_at);
        expect(times).toEqual([...times].sort());
      }
    }, 120_000);

    it("wakes a long-poll without polling the database while it waits", async () => {
      const [first, last] = [gateways[0]!, gateways.at(-1)!];
      await register(first, "quiet-inbox");
      await register(first, "quiet-sender");
      // Inbox reads go through the JSON form where the back end has one.
      const storage = first.storage;
      const list = storage.listMessages.bind(storage);
      const listJson = storage.listMessagesJson?.bind(storage);
      let reads = 0;
      storage.listMessages = (query) => {
        reads++;
        return list(query);
      };
      if (listJson !== undefined) {
        storage.listMessagesJson = (query) => {
          reads++;
          return listJson(query);
        };
      }
      try {
        const waiting = call(first, "GET", "/messages?to=quiet-inbox&wait=20");
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(reads).toBe(2);
        await send(last, { from_node: "quiet-sender", to_node: "quiet-inbox", content: "ping" });
        const result = await waiting;
        expect(result.json.messages.map((m: Row) => m.content)).toEqual(["ping"]);
      } finally {
        storage.listMessages = list;
        if (listJson !== undefined) storage.listMessagesJson = listJson;
      }
    });
  });
}
