import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSelfMessage } from "./is-self-message.js";

const aliases = { drop: "droplet", bob2: "bob" };

describe("isSelfMessage", () => {
  it.each([
    ["alice", "alice", true],
    ["alice", "bob", false],
    ["droplet", "drop", true],
    ["drop", "droplet", true],
    ["drop", "drop", true],
    ["bob2", "bob", true],
    ["droplet", "bob", false],
    [" alice ", "alice", true],
    ["alice", "Alice", false],
    ["not a name", "not a name", true],
    ["alice", "", false],
  ])("from %j to %j is to oneself: %s", (from, to, self) => {
    expect(isSelfMessage(from, to, { aliases })).toBe(self);
  });

  it("is symmetric and never throws for any pair of strings", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (from, to) => {
        expect(isSelfMessage(from, to, { aliases })).toBe(isSelfMessage(to, from, { aliases }));
      }),
    );
  });
});
