import { afterEach, expect, it } from "vitest";
import type { GatewayStorage, ImportedMessage } from "./gateway-storage.js";
import { openStorage } from "./open-storage.js";
import { startReceiptSweeper } from "./receipt-sweeper.js";

let storage: GatewayStorage | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  await storage?.close();
});

const question = (content: string, replyByMsAgo: number): ImportedMessage => ({
  fromNode: "asker",
  toNode: "helper",
  kind: "question",
  content,
  relatedTaskId: null,
  threadId: "sweep",
  createdAt: new Date(Date.now() - 600_000).toISOString(),
  readAt: null,
  replyBy: new Date(Date.now() - replyByMsAgo).toISOString(),
});

const inState = async (open: GatewayStorage, state: "sent" | "expired", afterId = 0) =>
  (await open.listMessages({ unreadOnly: false, afterId, limit: 1001, state })).map(
    (message) => message.content,
  );

it("expires every passed deadline in batches, then looks back only a minute before its last sweep", async () => {
  const open = await openStorage(":memory:");
  storage = open;
  // More than two batches of 500 at once: the sweep goes on batch after batch.
  await open.importMessages(
    Array.from({ length: 1100 }, (_, index) => question(`q${index}`, 1000)),
  );
  stop = startReceiptSweeper(open, 10);
  await expect.poll(() => inState(open, "sent"), { timeout: 10_000 }).toEqual([]);
  expect(await inState(open, "expired", 1000)).toHaveLength(100);
  // Stored after that sweep finished: a deadline within its minute of overlap is still caught,
  // one before it was the earlier sweeps' to settle and is not looked at again.
  await open.importMessages([question("recent", 5000), question("ancient", 600_000)]);
  await expect.poll(() => inState(open, "expired", 1100), { timeout: 10_000 }).toEqual(["recent"]);
  expect(await inState(open, "sent", 1100)).toEqual(["ancient"]);
});
