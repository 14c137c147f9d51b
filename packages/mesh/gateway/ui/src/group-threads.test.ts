import type { StrictMessage as Message } from "@mesh/protocol";
import { describe, expect, it } from "vitest";
import { groupThreads } from "./group-threads.js";

const message = (id: number, threadId: string | null, read: boolean): Message => ({
  id,
  from_node: "alice",
  to_node: "bob",
  kind: "fyi",
  content: `m${id}`,
  created_at: "2026-01-01T00:00:00.000Z",
  read_at: read ? "2026-01-01T00:01:00.000Z" : null,
  related_task_id: null,
  thread_id: threadId,
});

describe("groupThreads", () => {
  it.each<[string, Message[], Array<[string | null, number[], number]>]>([
    ["an empty inbox", [], []],
    [
      "threads with unread messages first, then by newest message",
      [
        message(1, "a", false),
        message(2, "b", true),
        message(3, null, true),
        message(4, "a", true),
      ],
      [
        ["a", [1, 4], 1],
        [null, [3], 0],
        ["b", [2], 0],
      ],
    ],
    [
      "messages oldest first inside a thread, each id once",
      [message(5, "t", false), message(3, "t", false), message(5, "t", false)],
      [["t", [3, 5], 2]],
    ],
  ])("groups %s", (_, messages, expected) => {
    const groups = groupThreads(messages);
    expect(groups.map((g) => [g.threadId, g.messages.map((m) => m.id), g.unread])).toEqual(
      expected,
    );
  });
});
