import type { SentMessage } from "@mesh/protocol";
import { describe, expect, it } from "vitest";
import { SentLog } from "./sent-log.js";

function sent(id: number, threadId: string | null): SentMessage {
  return {
    id,
    from_node: "lab-ovh",
    to_node: "droplet",
    kind: "question",
    created_at: "2026-01-01T00:00:00Z",
    read_at: null,
    related_task_id: null,
    thread_id: threadId,
  };
}

describe("SentLog", () => {
  it("keeps the content of messages sent in a thread, by thread", () => {
    const log = new SentLog();
    log.add(sent(1, "a"), "first");
    log.add(sent(2, "b"), "other");
    log.add(sent(3, null), "no thread");
    expect(log.inThread("a")).toMatchObject([{ id: 1, content: "first" }]);
    expect(log.inThread("none")).toEqual([]);
  });

  it("holds at most 1000 messages, dropping the oldest", () => {
    const log = new SentLog();
    for (let id = 1; id <= 1001; id++) log.add(sent(id, "t"), `m${id}`);
    const kept = log.inThread("t");
    expect(kept).toHaveLength(1000);
    expect(kept[0]?.id).toBe(2);
  });
});
