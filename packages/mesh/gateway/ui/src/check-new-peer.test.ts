import { describe, expect, it } from "vitest";
import { checkNewPeer } from "./check-new-peer.js";

describe("checkNewPeer", () => {
  it.each<[string, string, string, string | Record<string, unknown>]>([
    ["a new peer with capabilities", "dave", '{"runtime":"node"}', { runtime: "node" }],
    ["empty capabilities as an empty object", "dave", " ", {}],
    ["a name outside the format", "Dave", "{}", "Name: 2 to 64 characters"],
    ["a name ending in a hyphen", "dave-", "{}", "Name: 2 to 64 characters"],
    ["a registered name", "alice", "{}", "registered already"],
    ["capabilities that are not JSON", "dave", "{runtime: node}", "not valid JSON"],
    ["capabilities that are an array", "dave", "[1]", "write a JSON object"],
    ["capabilities that are null", "dave", "null", "write a JSON object"],
  ])("answers %s", (_, name, capabilities, expected) => {
    const result = checkNewPeer(name, capabilities, ["alice", "bob"]);
    if (typeof expected === "string") expect(result).toContain(expected);
    else expect(result).toEqual(expected);
  });
});
