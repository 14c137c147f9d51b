import type { Message } from "@mesh/client";
import { describe, expect, it } from "vitest";
import { firstLine, messageLine, summarizeMessages } from "./summarize-messages.js";

const base: Message = {
  id: 55,
  from_node: "lab-ovh",
  to_node: "droplet",
  kind: "question",
  content: "which node has the GPU?",
  thread_id: "gpu",
  related_task_id: null,
  created_at: "2026-01-01T00:00:00.000Z",
  read_at: null,
};

describe("firstLine", () => {
  it.each([
    { content: "one line", line: "one line" },
    { content: "\n\n  second  \nthird", line: "second" },
    { content: "", line: "(empty)" },
    { content: null, line: "(empty)" },
    { content: "x".repeat(200), line: `${"x".repeat(119)}…` },
  ])("$content -> $line", ({ content, line }) => {
    expect(firstLine(content)).toBe(line);
  });
});

describe("messageLine", () => {
  it.each([
    {
      message: base,
      line: "#55 from lab-ovh (question, thread gpu, unread): which node has the GPU?",
    },
    {
      message: { ...base, thread_id: null, read_at: "2026-01-01T00:00:01.000Z" },
      line: "#55 from lab-ovh (question, read): which node has the GPU?",
    },
    {
      message: { ...base, from_node: "droplet", to_node: "lab-ovh", kind: "answer", state: "read" },
      line: "#55 to lab-ovh (answer, thread gpu, state read): which node has the GPU?",
    },
    {
      // A received message reads as read or unread for its reader, whatever its receipt state.
      message: { ...base, state: "delivered" },
      line: "#55 from lab-ovh (question, thread gpu, unread): which node has the GPU?",
    },
  ])("$line", ({ message, line }) => {
    expect(messageLine(message, "droplet")).toBe(line);
  });
});

describe("summarizeMessages", () => {
  const summary = {
    node: "droplet",
    adjective: "unread",
    hasMore: false,
    more: (last: number) => `check_inbox with after_id ${last}`,
    next: "Then mark_read.",
    empty: "Wait.",
  };

  it("says that there are none and what to do", () => {
    expect(summarizeMessages([], summary)).toBe("No unread messages. Wait.");
  });

  it("counts, lists one line each, and says how to page on", () => {
    const messages = [base, { ...base, id: 56, kind: "fyi", content: "done\nand more" }];
    expect(summarizeMessages(messages, { ...summary, hasMore: true })).toBe(
      [
        "2 unread messages, and more: call check_inbox with after_id 56:",
        "#55 from lab-ovh (question, thread gpu, unread): which node has the GPU?",
        "#56 from lab-ovh (fyi, thread gpu, unread): done",
        "Then mark_read.",
      ].join("\n"),
    );
  });
});
