import { createHash } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type GatewayStorage,
  type NewMessage,
  openStorage,
  type SenderReceipt,
  StorageError,
} from "../src/index.js";
import { BACKENDS, POOLED_BACKENDS } from "./backends.js";

/** Every member of the storage interface; the suite fails when one is added without a test. */
const COVERED = [
  "backend",
  "wakeups",
  "ping",
  "registerPeer",
  "listPeers",
  "getPeer",
  "setPeerEnabled",
  "touchPeer",
  "insertMessage",
  "listMessages",
  "getMessage",
  "markRead",
  "importMessages",
  "saveToken",
  "revokeTokens",
  "onAccessChange",
  "findTokenPeer",
  "listTokenPeers",
  "listTokenHolders",
  "unreadBacklog",
  "anyLiveToken",
  "onMessage",
  "purgeIdempotencyKeys",
  "findIdempotent",
  "listThreads",
  "markDelivered",
  "expireQuestions",
  "onReceipt",
  "receiptBacklog",
  "close",
];
/** Members a back end may leave out (the gateway has a fallback for each). */
const OPTIONAL = ["listMessagesJson"];

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();
const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const dm = (fromNode: string, toNode: string, content: string): NewMessage => ({
  fromNode,
  toNode,
  kind: "fyi",
  content,
  relatedTaskId: null,
  threadId: null,
});
const peer = (name: string, extra: Record<string, unknown> = {}, ms = 0) => ({
  name,
  url: null,
  capabilities: { runtime: "node" },
  extra,
  at: at(ms),
});

for (const { backend, describe } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describe(`storage conformance on ${backend.title}`, () => {
    let storage: GatewayStorage;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      storage = await openStorage(db.database, db);
    });
    afterAll(async () => {
      await storage?.close();
      await cleanup?.();
    });

    it("has exactly the members this suite covers", () => {
      const required = Object.keys(storage).filter((key) => !OPTIONAL.includes(key));
      expect(required.sort()).toEqual([...COVERED].sort());
      expect(storage.backend).toBe(backend.name);
      expect(storage.wakeups).toBe(backend.wakeups);
    });

    it("pings, registers, lists, reads and toggles peers", async () => {
      await storage.ping();
      const first = await storage.registerPeer(peer("sc-alpha", { team: "blue" }, 1));
      expect(first.created).toBe(true);
      const again = await storage.registerPeer(peer("sc-alpha", { zone: "eu" }, 2));
      expect(again.created).toBe(false);
      expect(again.peer).toMatchObject({ team: "blue", zone: "eu", registered_at: at(1) });
      await storage.registerPeer(peer("sc-bravo"));
      expect((await storage.listPeers()).map((p) => p.name)).toEqual(["sc-alpha", "sc-bravo"]);
      const page = async (after: string | undefined, limit: number) =>
        (await storage.listPeers({ after, limit })).map((p) => p.name);
      expect(await page(undefined, 1)).toEqual(["sc-alpha"]);
      expect(await page("sc-alpha", 5)).toEqual(["sc-bravo"]);
      expect(await page("sc-bravo", 5)).toEqual([]);
      expect(await storage.getPeer("sc-nobody")).toBeUndefined();
      expect((await storage.setPeerEnabled("sc-bravo", false))?.enabled).toBe(false);
      expect(await storage.setPeerEnabled("sc-nobody", false)).toBeUndefined();
      await storage.setPeerEnabled("sc-bravo", true);
      await storage.touchPeer("sc-bravo", at(50));
      expect((await storage.getPeer("sc-bravo"))?.last_seen).toBe(at(50));
    });

    it("refuses a registration whose merged extras pass the size limit, storing nothing", async () => {
      await storage.registerPeer(peer("sc-grow", { a: "x".repeat(9000) }));
      await expect(
        storage.registerPeer(peer("sc-grow", { b: "y".repeat(9000) })),
      ).rejects.toSatisfy(
        (error) => StorageError.isInstance(error) && error.code === "registration_too_large",
      );
      expect(await storage.getPeer("sc-grow")).not.toHaveProperty("b");
    });

    it("inserts, lists, reads and marks messages, announcing each stored one", async () => {
      const announced: Array<string | undefined> = [];
      const stop = storage.onMessage((to) => announced.push(to));
      // PostgreSQL listens on its own connection (or polls), started by the first subscription;
      // once it listens it announces `undefined` (anything before may have been missed).
      if (backend.wakeups !== "process") await expect.poll(() => announced).toContain(undefined);
      const stored = await storage.insertMessage(dm("sc-alpha", "sc-bravo", "one"));
      expect(stored.refused).toBeUndefined();
      const id = stored.message!.id;
      expect(await storage.getMessage(id)).toMatchObject({ content: "one", read_at: null });
      const marked = await storage.markRead(id, at(60));
      expect(marked?.read_at).toBe(at(60));
      expect((await storage.markRead(id, at(70)))?.read_at).toBe(at(60));
      expect(await storage.markRead(999_999, at(70))).toBeUndefined();
      const unread = await storage.listMessages({ to: "sc-bravo", unreadOnly: true, limit: 10 });
      expect(unread).toEqual([]);
      const all = await storage.listMessages({ unreadOnly: false, afterId: 0, limit: 10 });
      expect(all.map((m) => m.id)).toContain(id);
      await expect.poll(() => announced).toContain("sc-bravo");
      stop();
      const refused = await storage.insertMessage(dm("sc-alpha", "sc-nobody", "lost"));
      expect(refused.refused).toBe("unknown_recipient");
    });

    it("answers idempotent repeats and conflicts, and purges old keys", async () => {
      const key = { key: "sc-key", notBefore: at(0) };
      const first = await storage.insertMessage(dm("sc-alpha", "sc-bravo", "keyed"), key);
      const repeat = await storage.insertMessage(dm("sc-alpha", "sc-bravo", "keyed"), key);
      expect(repeat).toEqual({ message: first.message, created: false });
      const conflict = await storage.insertMessage(dm("sc-alpha", "sc-bravo", "other"), key);
      expect(conflict.refused).toBe("idempotency_key_conflict");
      expect(await storage.purgeIdempotencyKeys(new Date(Date.now() + 60_000).toISOString())).toBe(
        1,
      );
      const fresh = await storage.insertMessage(dm("sc-alpha", "sc-bravo", "other"), key);
      expect(fresh.message?.id).toBeGreaterThan(first.message!.id);
    });

    it("lists messages as JSON text byte for byte as JSON.stringify, when it offers that", async () => {
      if (storage.listMessagesJson === undefined) return;
      await storage.registerPeer(peer("sc-json"));
      const tricky = [
        'quote " back\\slash',
        "tab\tnew\nline\u0001\u001f\u007f",
        "ü 評審 😀 \u2028",
      ];
      const stored = [];
      for (const content of tricky) {
        stored.push(await storage.insertMessage(dm("sc-alpha", "sc-json", content)));
      }
      await storage.markRead(stored[0]!.message!.id, at(777));
      await storage.insertMessage({ ...dm("sc-bravo", "sc-json", "threaded"), threadId: "t-1" });
      const queries = [
        { to: "sc-json", unreadOnly: false, limit: 100 },
        { to: "sc-json", unreadOnly: true, afterId: 1, limit: 2 },
        { unreadOnly: false, afterId: 0, limit: 3 },
        { unreadOnly: true, limit: 4 },
        { to: "sc-nobody", unreadOnly: false, limit: 10 },
        { from: "sc-alpha", state: "sent" as const, unreadOnly: false, afterId: 0, limit: 10 },
        { to: "sc-json", state: "read" as const, unreadOnly: false, limit: 10 },
      ];
      for (const query of queries) {
        const json = await storage.listMessagesJson(query);
        const messages = await storage.listMessages(query);
        expect(`[${json.rows.join(",")}]`).toBe(JSON.stringify(messages));
        expect(json.ids).toEqual(messages.map((message) => message.id));
      }
      await fc.assert(
        // No NUL: the gateway refuses it before storage (PostgreSQL text cannot hold it).
        fc.asyncProperty(
          fc.string({ unit: "binary", maxLength: 40 }).filter((text) => !text.includes("\u0000")),
          async (content) => {
            const stored = await storage.insertMessage(dm("sc-alpha", "sc-json", content));
            const query = {
              to: "sc-json",
              unreadOnly: false,
              afterId: stored.message!.id - 1,
              limit: 1,
            };
            const json = await storage.listMessagesJson!(query);
            expect(`[${json.rows.join(",")}]`).toBe(
              JSON.stringify(await storage.listMessages(query)),
            );
          },
        ),
        { numRuns: 200 },
      );
    });

    it("loads messages only up to the one whose text passes maxBytes, in every reading shape", async () => {
      await storage.registerPeer(peer("sc-bytes"));
      const sizes = [300, 300, 300, 300, 300];
      const ids: number[] = [];
      for (const [index, size] of sizes.entries()) {
        const message = {
          ...dm("sc-alpha", "sc-bytes", "é".repeat(size / 2)),
          threadId: `b${index}`,
        };
        ids.push((await storage.insertMessage(message)).message!.id);
      }
      // 300 content bytes and a 2-byte thread id per row: 302, 604, 906, ...
      const readings = [
        { to: "sc-bytes", unreadOnly: false, afterId: 0, limit: 10 },
        { to: "sc-bytes", unreadOnly: false, limit: 10 },
        { from: "sc-alpha", to: "sc-bytes", unreadOnly: true, afterId: ids[0]! - 1, limit: 10 },
        { to: "sc-bytes", words: ["é"], unreadOnly: false, afterId: 0, limit: 10 },
      ];
      for (const reading of readings) {
        const rows = (maxBytes: number | undefined) =>
          storage.listMessages({ ...reading, maxBytes }).then((found) => found.map((m) => m.id));
        expect(await rows(undefined)).toEqual(ids);
        expect(await rows(1)).toEqual(ids.slice(0, 1));
        expect(await rows(604)).toEqual(ids.slice(0, 2));
        expect(await rows(605)).toEqual(ids.slice(0, 3));
        expect(await rows(100_000)).toEqual(ids);
        if (storage.listMessagesJson !== undefined) {
          expect((await storage.listMessagesJson({ ...reading, maxBytes: 605 })).ids).toEqual(
            ids.slice(0, 3),
          );
        }
      }
      // The most recent messages (no filter, no cursor): the bound counts from the oldest of them.
      const newest = await storage.listMessages({ unreadOnly: false, limit: 3, maxBytes: 604 });
      expect(newest.map((m) => m.id)).toEqual(ids.slice(2, 4));
    });

    it("counts the text's JSON escapes toward maxBytes, as the page's JSON does", async () => {
      await storage.registerPeer(peer("sc-escaped"));
      const ids: number[] = [];
      for (let index = 0; index < 4; index++) {
        // 50 control characters write as 300 bytes of JSON, and the thread id as 2.
        const message = {
          ...dm("sc-alpha", "sc-escaped", "\u0001".repeat(50)),
          threadId: `e${index}`,
        };
        ids.push((await storage.insertMessage(message)).message!.id);
      }
      const reading = { to: "sc-escaped", unreadOnly: false, afterId: 0, limit: 10 };
      const rows = (maxBytes: number) =>
        storage.listMessages({ ...reading, maxBytes }).then((found) => found.map((m) => m.id));
      expect(await rows(302)).toEqual(ids.slice(0, 1));
      expect(await rows(303)).toEqual(ids.slice(0, 2));
      expect(await rows(605)).toEqual(ids.slice(0, 3));
      if (storage.listMessagesJson !== undefined) {
        expect((await storage.listMessagesJson({ ...reading, maxBytes: 303 })).ids).toEqual(
          ids.slice(0, 2),
        );
      }
    });

    it("imports messages as given", async () => {
      await storage.importMessages([
        { ...dm("sc-alpha", "sc-bravo", "imported"), createdAt: at(500), readAt: at(600) },
      ]);
      const [last] = await storage
        .listMessages({ to: "sc-bravo", unreadOnly: false, limit: 1000 })
        .then((rows) => rows.slice(-1));
      expect(last).toMatchObject({ content: "imported", read_at: at(600) });
    });

    it("saves, finds, recognizes and revokes token hashes", async () => {
      await storage.saveToken("sc-alpha", hash("token-1"), at(0));
      await storage.saveToken("sc-alpha", hash("token-2"), at(0));
      expect(await storage.findTokenPeer(hash("token-1"))).toBe("sc-alpha");
      expect(await storage.anyLiveToken([hash("nope"), hash("token-2")])).toBe(true);
      expect(await storage.anyLiveToken([hash("nope")])).toBe(false);
      expect(await storage.anyLiveToken([])).toBe(false);
      await storage.saveToken("sc-a-bravo", hash("token-3"), at(0));
      expect(await storage.listTokenPeers()).toEqual(["sc-a-bravo", "sc-alpha"]);
      const changed: string[] = [];
      const stop = storage.onAccessChange?.((peer) => changed.push(peer));
      expect(await storage.revokeTokens("sc-alpha")).toBe(2);
      expect(await storage.findTokenPeer(hash("token-1"))).toBeUndefined();
      expect(await storage.listTokenPeers()).toEqual(["sc-a-bravo"]);
      await storage.revokeTokens("sc-a-bravo");
      // Announced at once in this process (and, on PostgreSQL, again through the channel).
      expect(changed).toEqual(expect.arrayContaining(["sc-alpha", "sc-a-bravo"]));
      stop?.();
    });

    it("lists token holders by name with their count and issue times, registered or not, never a hash", async () => {
      const db = await backend.create();
      const fresh = await openStorage(db.database, db);
      try {
        await fresh.registerPeer(peer("sc-alpha"));
        await fresh.saveToken("sc-alpha", hash("holder-1"), at(10));
        await fresh.saveToken("sc-alpha", hash("holder-2"), at(30));
        await fresh.saveToken("sc-a-bravo", hash("holder-3"), at(20));
        await fresh.saveToken("sc-charlie", hash("holder-4"), at(40));
        const all = await fresh.listTokenHolders({ limit: 10 });
        expect(all).toEqual([
          {
            peer: "sc-a-bravo",
            tokens: 1,
            first_issued_at: at(20),
            last_issued_at: at(20),
            registered: false,
          },
          {
            peer: "sc-alpha",
            tokens: 2,
            first_issued_at: at(10),
            last_issued_at: at(30),
            registered: true,
          },
          {
            peer: "sc-charlie",
            tokens: 1,
            first_issued_at: at(40),
            last_issued_at: at(40),
            registered: false,
          },
        ]);
        expect(JSON.stringify(all)).not.toContain(hash("holder-1"));
        const firstPage = await fresh.listTokenHolders({ limit: 2 });
        expect(firstPage.map((row) => row.peer)).toEqual(["sc-a-bravo", "sc-alpha"]);
        const rest = await fresh.listTokenHolders({ after: "sc-alpha", limit: 2 });
        expect(rest.map((row) => row.peer)).toEqual(["sc-charlie"]);
        await fresh.revokeTokens("sc-alpha");
        expect((await fresh.listTokenHolders({ limit: 10 })).map((row) => row.peer)).toEqual([
          "sc-a-bravo",
          "sc-charlie",
        ]);
      } finally {
        await fresh.close();
        await db.cleanup();
      }
    });

    it("counts the unread backlog and names its oldest message", async () => {
      const db = await backend.create();
      const fresh = await openStorage(db.database, db);
      try {
        expect(await fresh.unreadBacklog()).toEqual({ count: 0, oldest: undefined });
        await fresh.registerPeer(peer("sc-alpha"));
        await fresh.registerPeer(peer("sc-bravo"));
        const first = (await fresh.insertMessage(dm("sc-alpha", "sc-bravo", "first"))).message!;
        const second = (await fresh.insertMessage(dm("sc-bravo", "sc-alpha", "second"))).message!;
        expect(await fresh.unreadBacklog()).toEqual({ count: 2, oldest: first });
        await fresh.markRead(first.id, at(5));
        expect(await fresh.unreadBacklog()).toEqual({ count: 1, oldest: second });
        await fresh.markRead(second.id, at(6));
        expect(await fresh.unreadBacklog()).toEqual({ count: 0, oldest: undefined });
      } finally {
        await fresh.close();
        await db.cleanup();
      }
    });

    it("delivers, answers and expires messages, announcing each change of state as a receipt", async () => {
      const db = await backend.create();
      const fresh = await openStorage(db.database, db);
      const receipts: SenderReceipt[] = [];
      const stopReceipts = fresh.onReceipt((receipt) => receipts.push(receipt));
      const announced: Array<string | undefined> = [];
      const stopMessages = fresh.onMessage((to) => announced.push(to));
      try {
        // The listening connection (or poller) is shared: once it announces, it hears receipts.
        if (backend.wakeups !== "process") await expect.poll(() => announced).toContain(undefined);
        await fresh.registerPeer(peer("sc-asker"));
        await fresh.registerPeer(peer("sc-helper"));
        const ask = (content: string, replyBy: string | null = null) =>
          fresh.insertMessage({
            ...dm("sc-asker", "sc-helper", content),
            kind: "question",
            threadId: "sc-t",
            replyBy,
          });
        const question = (await ask("why?", at(900_000))).message!;
        expect(question).toMatchObject({
          state: "sent",
          reply_by: at(900_000),
          delivered_at: null,
        });
        const late = (await ask("when?", at(1))).message!;
        const other = (await fresh.insertMessage(dm("sc-asker", "sc-helper", "fyi"))).message!;
        const sentOnly = {
          from: "sc-asker",
          state: "sent" as const,
          unreadOnly: false,
          afterId: 0,
        };
        expect((await fresh.listMessages({ ...sentOnly, limit: 10 })).map((m) => m.id)).toEqual([
          question.id,
          late.id,
          other.id,
        ]);

        expect(await fresh.markDelivered("sc-asker", [question.id], at(10))).toEqual([]);
        expect(await fresh.markDelivered("sc-helper", [question.id, other.id], at(10))).toEqual(
          expect.arrayContaining([question.id, other.id]),
        );
        expect(await fresh.markDelivered("sc-helper", [question.id], at(11))).toEqual([]);
        expect(await fresh.getMessage(question.id)).toMatchObject({
          delivered_at: at(10),
          state: "delivered",
        });
        expect((await fresh.listMessages({ ...sentOnly, limit: 10 })).map((m) => m.id)).toEqual([
          late.id,
        ]);
        expect((await fresh.markRead(question.id, at(20)))?.state).toBe("read");

        const answer = (
          await fresh.insertMessage({
            ...dm("sc-helper", "sc-asker", "because"),
            kind: "answer",
            threadId: "sc-t",
          })
        ).message!;
        const answered = await fresh.getMessage(question.id);
        expect(answered).toMatchObject({
          state: "answered",
          answer_id: answer.id,
          answered_at: answer.created_at,
        });
        // The answer answered every earlier open question of the pair in the thread.
        expect((await fresh.getMessage(late.id))?.answer_id).toBe(answer.id);

        const expiring = (await ask("still there?", at(2))).message!;
        // A sweep that covered the deadlines up to `after` leaves them alone.
        expect(await fresh.expireQuestions(new Date().toISOString(), 10, at(2))).toBe(0);
        expect(await fresh.expireQuestions(new Date().toISOString(), 10, at(1))).toBe(1);
        expect(await fresh.expireQuestions(new Date().toISOString(), 10)).toBe(0);
        expect(await fresh.getMessage(expiring.id)).toMatchObject({ state: "expired" });
        expect((await fresh.getMessage(expiring.id))?.expired_at).not.toBeNull();

        const of = (id: number) =>
          receipts.filter((r) => r.message_id === id).map((r) => [r.state, r.from_node]);
        await expect
          .poll(() => of(question.id))
          .toEqual([
            ["delivered", "sc-asker"],
            ["read", "sc-asker"],
            ["answered", "sc-asker"],
          ]);
        await expect.poll(() => of(expiring.id)).toEqual([["expired", "sc-asker"]]);
        expect(receipts.find((r) => r.message_id === question.id)).toEqual({
          from_node: "sc-asker",
          message_id: question.id,
          to_node: "sc-helper",
          state: "delivered",
          at: at(10),
        });
      } finally {
        stopReceipts();
        stopMessages();
        await fresh.close();
        await db.cleanup();
      }
    });

    it("counts the undelivered backlog and each recipient's oldest unread message", async () => {
      const db = await backend.create();
      const fresh = await openStorage(db.database, db);
      try {
        expect(await fresh.receiptBacklog()).toEqual({ undelivered: 0, oldestUnread: [] });
        await fresh.registerPeer(peer("sc-alpha"));
        await fresh.registerPeer(peer("sc-bravo"));
        await fresh.registerPeer(peer("sc-idle"));
        const first = (await fresh.insertMessage(dm("sc-alpha", "sc-bravo", "1"))).message!;
        await fresh.insertMessage(dm("sc-alpha", "sc-bravo", "2"));
        const third = (await fresh.insertMessage(dm("sc-bravo", "sc-alpha", "3"))).message!;
        await fresh.markDelivered("sc-bravo", [first.id], at(1));
        const backlog = await fresh.receiptBacklog();
        expect(backlog.undelivered).toBe(2);
        expect(backlog.oldestUnread.sort((a, b) => (a.peer < b.peer ? -1 : 1))).toEqual([
          { peer: "sc-alpha", createdAt: third.created_at },
          { peer: "sc-bravo", createdAt: first.created_at },
        ]);
      } finally {
        await fresh.close();
        await db.cleanup();
      }
    });

    it("raises StorageError unavailable once closed", async () => {
      const db = await backend.create();
      const closing = await openStorage(db.database, db);
      await closing.close();
      await expect(closing.listPeers()).rejects.toSatisfy(
        (error) => StorageError.isInstance(error) && error.code === "unavailable",
      );
      await db.cleanup();
    });
  });
}
