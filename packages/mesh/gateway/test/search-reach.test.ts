import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type GatewayStorage,
  type ImportedMessage,
  type MessageQuery,
  openStorage,
} from "../src/index.js";
import { BACKENDS } from "./backends.js";

/**
 * A search tests the first candidates in id order before it turns to the text index (at most
 * 10,000 of all messages, 2,000 of one peer's): matches that lie beyond those, however they
 * are found, are found all the same, in id order and with every filter.
 */
const FILLER = 12_000;
/** Where the rare words sit: past both probe sizes. */
const LATE = [10_500, 11_000, 11_500];

function corpus(): ImportedMessage[] {
  const messages: ImportedMessage[] = [];
  for (let index = 0; index < FILLER; index++) {
    const late = LATE.indexOf(index);
    const content =
      late === 0
        ? "common needle beta"
        : late === 1
          ? "needles gamma"
          : late === 2
            ? "Common NEEDLE delta"
            : `common filler ${index}`;
    messages.push({
      fromNode: index % 2 === 0 ? "sr-alice" : "sr-bob",
      toNode: index % 3 === 0 ? "sr-carol" : "sr-dave",
      kind: "fyi",
      content,
      relatedTaskId: null,
      threadId: null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, index)).toISOString(),
      readAt: null,
    });
  }
  return messages;
}

for (const { backend, describe } of BACKENDS) {
  describe(`search beyond the first candidates on ${backend.title}`, () => {
    let storage: GatewayStorage;
    let cleanup: () => Promise<void>;
    const messages = corpus();
    let firstId = 0;
    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      storage = await openStorage(db.database, db);
      await storage.importMessages(messages);
      firstId = (await storage.listMessages({ unreadOnly: false, afterId: 0, limit: 1 }))[0]!.id;
    }, 60_000);
    afterAll(async () => {
      await storage?.close();
      await cleanup?.();
    });

    /** The contents a search should find, judged in JavaScript over the imported messages. */
    const expected = (query: MessageQuery): string[] => {
      const words = query.words ?? [];
      return messages
        .map((message, index) => ({ message, id: firstId + index }))
        .filter(({ message, id }) => {
          if (id <= (query.afterId ?? 0)) return false;
          if (query.to !== undefined && message.toNode !== query.to) return false;
          const { involving } = query;
          if (involving !== undefined && message.fromNode !== involving) {
            if (message.toNode !== involving) return false;
          }
          const tokens = message.content.toLowerCase().split(/[^\p{L}\p{N}]+/u);
          return words.every((word, index) =>
            index === words.length - 1
              ? tokens.some((token) => token.startsWith(word))
              : tokens.includes(word),
          );
        })
        .slice(0, query.limit)
        .map(({ message }) => message.content);
    };
    const search = async (query: Omit<MessageQuery, "unreadOnly">) => {
      const full = { unreadOnly: false, ...query };
      const found = (await storage.listMessages(full)).map((message) => message.content);
      expect(found).toEqual(expected(full));
      return found;
    };

    it("finds a rare word (and a rare prefix) that occurs only late", async () => {
      expect(await search({ words: ["needle"], afterId: 0, limit: 10 })).toEqual([
        "common needle beta",
        "needles gamma",
        "Common NEEDLE delta",
      ]);
      expect(await search({ words: ["needles"], afterId: 0, limit: 10 })).toEqual([
        "needles gamma",
      ]);
    });

    it("finds a rare word beside a prefix that nearly every message holds", async () => {
      expect(await search({ words: ["needle", "comm"], afterId: 0, limit: 10 })).toEqual([
        "common needle beta",
        "Common NEEDLE delta",
      ]);
    });

    it("stops at the limit of a common word and pages on from a cursor", async () => {
      const page = await search({ words: ["filler"], afterId: 0, limit: 3 });
      expect(page).toEqual(["common filler 0", "common filler 1", "common filler 2"]);
      await search({ words: ["needle"], afterId: firstId + LATE[0]!, limit: 10 });
    });

    it("keeps the recipient and either-side filters on both paths", async () => {
      await search({ words: ["needle"], to: "sr-carol", afterId: 0, limit: 10 });
      await search({ words: ["needle"], involving: "sr-bob", afterId: 0, limit: 10 });
      await search({ words: ["filler"], involving: "sr-carol", afterId: 0, limit: 5 });
      expect(
        await search({ words: ["gamma"], involving: "sr-dave", afterId: 0, limit: 5 }),
      ).toEqual(["needles gamma"]);
      expect(await search({ words: ["gamma"], involving: "sr-bob", afterId: 0, limit: 5 })).toEqual(
        [],
      );
    });
  });
}

for (const { backend, describe } of BACKENDS) {
  describe(`thread search beyond the newest threads on ${backend.title}`, () => {
    let storage: GatewayStorage;
    let cleanup: () => Promise<void>;
    /** 250 threads, one message each, the oldest first; only the two oldest hold "needle". */
    const THREADS = 250;
    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      storage = await openStorage(db.database, db);
      await storage.importMessages(
        Array.from({ length: THREADS }, (_, index) => ({
          fromNode: index % 2 === 0 ? "ts-alice" : "ts-bob",
          toNode: "ts-carol",
          kind: "fyi" as const,
          content: index < 2 ? `common needle ${index}` : `common filler ${index}`,
          relatedTaskId: null,
          threadId: `ts-${index}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, index)).toISOString(),
          readAt: null,
        })),
      );
    }, 60_000);
    afterAll(async () => {
      await storage?.close();
      await cleanup?.();
    });
    const ids = async (query: Parameters<GatewayStorage["listThreads"]>[0]) =>
      (await storage.listThreads(query)).map((thread) => thread.thread_id);

    it("finds the newest threads of a common word and the oldest ones of a rare word", async () => {
      expect(await ids({ words: ["comm"], limit: 3 })).toEqual(["ts-249", "ts-248", "ts-247"]);
      expect(await ids({ words: ["needle"], limit: 10 })).toEqual(["ts-1", "ts-0"]);
      expect(await ids({ words: ["common", "need"], limit: 1 })).toEqual(["ts-1"]);
    });

    it("keeps a party's own threads and the before_id cursor", async () => {
      expect(await ids({ words: ["needle"], party: "ts-alice", limit: 10 })).toEqual(["ts-0"]);
      expect(await ids({ words: ["needle"], party: "ts-carol", limit: 10 })).toEqual([
        "ts-1",
        "ts-0",
      ]);
      const last = (await storage.listThreads({ words: ["needle"], limit: 1 }))[0]!.last_id;
      expect(await ids({ words: ["needle"], beforeId: last, limit: 10 })).toEqual(["ts-0"]);
      expect(await ids({ words: ["needle"], party: "ts-dave", limit: 10 })).toEqual([]);
    });
  });
}
