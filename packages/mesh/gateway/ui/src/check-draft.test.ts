import { describe, expect, it } from "vitest";
import { checkDraft } from "./check-draft.js";

const TOKEN = ["mesh", "_", "A".repeat(48)].join("");
const AWS_KEY = ["AKIA", "Z7Q4W2R8T6Y3U5I1"].join("");

describe("checkDraft", () => {
  it.each<[string, { from: string; to: string; content: string }, RegExp | null]>([
    ["a plain DM", { from: "alice", to: "bob", content: "hello" }, null],
    ["no recipient", { from: "alice", to: " ", content: "hello" }, /Choose a recipient/],
    ["a DM to oneself", { from: "alice", to: "alice", content: "hello" }, /to yourself/],
    ["a DM to oneself by alias", { from: "droplet", to: "drop", content: "hi" }, /to yourself/],
    ["empty content", { from: "alice", to: "bob", content: "  " }, /Write a message/],
    ["an AWS key", { from: "alice", to: "bob", content: `key ${AWS_KEY}` }, /aws-access-key-id/],
    ["the own token", { from: "alice", to: "bob", content: `use ${TOKEN}` }, /known-secret/],
  ])("answers %s", (_, draft, expected) => {
    const refusal = checkDraft(draft, TOKEN);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });

  it("never quotes the secret it refuses", () => {
    const refusal = checkDraft({ from: "alice", to: "bob", content: `key ${AWS_KEY}` }, TOKEN);
    expect(refusal).not.toContain(AWS_KEY);
    expect(checkDraft({ from: "a", to: "b", content: TOKEN }, TOKEN)).not.toContain(TOKEN);
  });
});
