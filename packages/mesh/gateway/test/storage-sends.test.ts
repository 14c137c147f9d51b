import { afterAll, beforeAll, expect, it } from "vitest";
import { type GatewayStorage, type NewMessage, openStorage } from "../src/index.js";
import { BACKENDS } from "./backends.js";

for (const { backend, describe } of BACKENDS) {
  describe(`storage sends on ${backend.title}`, () => {
    let storage: GatewayStorage;
    let cleanup: () => Promise<void>;
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();
    const message = (fromNode: string, toNode: string, ms: number): NewMessage => ({
      fromNode,
      toNode,
      kind: "fyi",
      content: `${fromNode} -> ${toNode} at ${ms}`,
      relatedTaskId: null,
      threadId: null,
      createdAt: at(ms),
    });

    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      storage = await openStorage(db.database, db);
      for (const name of ["alpha", "bravo", "charlie", "delta"]) {
        await storage.registerPeer({ name, url: null, capabilities: {}, extra: {}, at: at(0) });
      }
      await storage.setPeerEnabled("delta", false);
    });
    afterAll(async () => {
      await storage?.close();
      await cleanup?.();
    });

    it("checks every recipient of sends made together and stores only the accepted ones", async () => {
      // Issued in one turn, so SQLite commits them as one group.
      const results = await Promise.all([
        storage.insertMessage(message("alpha", "bravo", 10)),
        storage.insertMessage(message("alpha", "nobody", 11)),
        storage.insertMessage(message("alpha", "delta", 12)),
        storage.insertMessage(message("bravo", "charlie", 13)),
        storage.insertMessage(message("alpha", "bravo", 14)),
        storage.insertMessage(message("charlie", "delta", 15)),
        storage.insertMessage(message("alpha", "nobody", 16)),
      ]);
      expect(results.map((result) => result.refused ?? result.message.to_node)).toEqual([
        "bravo",
        "unknown_recipient",
        "recipient_disabled",
        "charlie",
        "bravo",
        "recipient_disabled",
        "unknown_recipient",
      ]);
      const bravo = await storage.listMessages({
        to: "bravo",
        unreadOnly: false,
        afterId: 0,
        limit: 10,
      });
      expect(bravo.map((stored) => stored.created_at)).toEqual([at(10), at(14)]);
      for (const recipient of ["nobody", "delta"]) {
        const inbox = await storage.listMessages({
          to: recipient,
          unreadOnly: false,
          afterId: 0,
          limit: 10,
        });
        expect(inbox).toEqual([]);
      }
    });

    it("sets each sender's last_seen to its latest stored send, not to a refused one", async () => {
      const seen = async (name: string) => (await storage.getPeer(name))?.last_seen;
      expect(await seen("alpha")).toBe(at(14));
      expect(await seen("bravo")).toBe(at(13));
      // charlie's only send was refused: last_seen stays at its registration.
      expect(await seen("charlie")).toBe(at(0));
    });

    it("accepts sends to a peer again once it is enabled", async () => {
      await storage.setPeerEnabled("delta", true);
      const result = await storage.insertMessage(message("charlie", "delta", 20));
      expect(result.refused).toBeUndefined();
      expect(result.message?.to_node).toBe("delta");
      expect((await storage.getPeer("charlie"))?.last_seen).toBe(at(20));
    });
  });
}
