import { describe, expect, it } from "vitest";
import { REPEAT_WINDOW_MS } from "./mcp-limits.js";
import { type SendFields, SendRepeats } from "./send-repeats.js";

const fields: SendFields = {
  node: "lab-ovh",
  to: "droplet",
  kind: "question",
  threadId: "gpu",
  relatedTaskId: undefined,
  content: "which node has the GPU?",
};
/** The start of a 10-minute window of the clock. */
const T = 1000 * REPEAT_WINDOW_MS;

describe("SendRepeats", () => {
  it.each([
    { name: "the same call a moment later", later: 1000, change: {}, same: true },
    {
      name: "the same call just within 10 minutes",
      later: REPEAT_WINDOW_MS - 1,
      change: {},
      same: true,
    },
    { name: "the same call 10 minutes later", later: REPEAT_WINDOW_MS, change: {}, same: false },
    { name: "another recipient", later: 0, change: { to: "gpu-wsl" }, same: false },
    { name: "another kind", later: 0, change: { kind: "fyi" }, same: false },
    { name: "another thread", later: 0, change: { threadId: "cpu" }, same: false },
    { name: "no thread", later: 0, change: { threadId: undefined }, same: false },
    { name: "a task", later: 0, change: { relatedTaskId: "t-1" }, same: false },
    {
      name: "other content",
      later: 0,
      change: { content: "which node has the CPU?" },
      same: false,
    },
    { name: "another sender", later: 0, change: { node: "gpu-wsl" }, same: false },
  ])("derives the same key: $same for $name", ({ later, change, same }) => {
    const repeats = new SendRepeats();
    const first = repeats.derivedKey(fields, false, T + 5);
    const second = repeats.derivedKey({ ...fields, ...change }, false, T + 5 + later);
    expect(second === first).toBe(same);
  });

  it("derives the same key in a new server within the same window of the clock", () => {
    const first = new SendRepeats().derivedKey(fields, false, T + 1);
    expect(new SendRepeats().derivedKey(fields, false, T + REPEAT_WINDOW_MS - 1)).toBe(first);
    expect(new SendRepeats().derivedKey(fields, false, T + REPEAT_WINDOW_MS)).not.toBe(first);
  });

  it("makes a fresh key for a resend, which later repeats share", () => {
    const repeats = new SendRepeats();
    const first = repeats.derivedKey(fields, false, T);
    const resent = repeats.derivedKey(fields, true, T + 1);
    expect(resent).not.toBe(first);
    expect(repeats.derivedKey(fields, false, T + 2)).toBe(resent);
  });

  it("keeps keys within the gateway's limit of 200 characters", () => {
    const key = new SendRepeats().derivedKey({ ...fields, content: "x".repeat(70_000) }, false);
    expect(key.length).toBeLessThanOrEqual(200);
  });

  it("tells a repeat by the message a key brought back before", () => {
    const repeats = new SendRepeats();
    expect(repeats.isRepeat("k", 7)).toBe(false);
    expect(repeats.isRepeat("k", 7)).toBe(true);
    expect(repeats.isRepeat("k", 8)).toBe(false);
    expect(repeats.isRepeat("other", 8)).toBe(false);
  });

  it("forgets the oldest keys past 1000 sends", () => {
    const repeats = new SendRepeats();
    repeats.isRepeat("first", 1);
    for (let i = 0; i < 1000; i++) repeats.isRepeat(`k${i}`, i);
    expect(repeats.isRepeat("first", 1)).toBe(false);
  });
});
