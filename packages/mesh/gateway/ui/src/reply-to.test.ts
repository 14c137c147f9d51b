import type { DmKind } from "@mesh/protocol";
import { describe, expect, it } from "vitest";
import { replyTo } from "./reply-to.js";

describe("replyTo", () => {
  it.each<[string, DmKind, string | null, { kind: string; thread: string }]>([
    [
      "a question in a thread with an answer in it",
      "question",
      "deploy-42",
      { kind: "answer", thread: "deploy-42" },
    ],
    [
      "an fyi outside any thread with an fyi and no thread",
      "fyi",
      null,
      { kind: "fyi", thread: "" },
    ],
    ["a status with an fyi", "status", "t", { kind: "fyi", thread: "t" }],
    ["an answer with an fyi", "answer", "t", { kind: "fyi", thread: "t" }],
  ])("answers %s", (_, kind, threadId, expected) => {
    expect(replyTo({ from_node: "carol", to_node: "bob", kind, thread_id: threadId })).toEqual({
      from: "bob",
      to: "carol",
      ...expected,
    });
  });
});
