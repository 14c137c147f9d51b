import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatHash, parseHash } from "./view-hash.js";
import type { View } from "./view-path.js";

describe("formatHash and parseHash", () => {
  it.each<[string | null, View, string]>([
    ["bob", { type: "inbox" }, "#peer=bob"],
    [null, { type: "inbox" }, ""],
    ["bob", { type: "sent" }, "#peer=bob&box=sent"],
    ["bob", { type: "waiting" }, "#peer=bob&box=waiting"],
    ["bob", { type: "thread", id: "deploy 42&x" }, "#peer=bob&thread=deploy+42%26x"],
    [null, { type: "search", q: "deploy plan" }, "#q=deploy+plan"],
  ])("writes %s %j as %s and reads it back", (peer, view, hash) => {
    expect(formatHash(peer, view)).toBe(hash);
    expect(parseHash(hash)).toEqual({ peer, view });
  });

  it("reads an unknown or empty fragment as the inbox", () => {
    expect(parseHash("#box=trash&thread=")).toEqual({ peer: null, view: { type: "inbox" } });
  });

  it("reads back any thread id and search text", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.boolean(), (text, thread) => {
        const view: View = thread ? { type: "thread", id: text } : { type: "search", q: text };
        expect(parseHash(formatHash("bob", view))).toEqual({ peer: "bob", view });
      }),
    );
  });
});
