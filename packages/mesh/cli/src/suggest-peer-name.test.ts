import { PEER_NAME_PATTERN } from "@mesh/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { suggestPeerName } from "./suggest-peer-name.js";

describe("suggestPeerName", () => {
  it.each([
    ["Alice", "alice"],
    ["Bob", "bob"],
    ["Alice_01", "alice-01"],
    ["  lab ovh ", "lab-ovh"],
    ["-gpu--wsl-", "gpu-wsl"],
    ["alice", undefined],
    ["___", undefined],
    ["é", undefined],
  ])("suggests %j -> %j", (name, expected) => {
    expect(suggestPeerName(name)).toBe(expected);
  });

  it("suggests only well-formed names that differ from the input", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const suggestion = suggestPeerName(name);
        if (suggestion !== undefined) {
          expect(suggestion).toMatch(PEER_NAME_PATTERN);
          expect(suggestion).not.toBe(name);
        }
      }),
    );
  });
});
