import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePeersBody } from "./parse-peers-body.js";

describe("parsePeersBody", () => {
  it.each([
    ["an empty bare array", [], []],
    ["an empty peers list", { peers: [] }, []],
    ["a bare array of strings", ["droplet", "lab-ovh"], ["droplet", "lab-ovh"]],
    [
      "a peers list of Peer records",
      { peers: [{ name: "droplet", url: null, enabled: true }, { name: "lab-ovh" }] },
      ["droplet", "lab-ovh"],
    ],
    ["peer_name as the only key", [{ peer_name: "lab-ovh" }], ["lab-ovh"]],
    ["node_name before name", [{ node_name: "first", name: "second" }], ["first"]],
    ["name before id", [{ name: "second", id: "third" }], ["second"]],
    ["id before peer_name", [{ id: "third", peer_name: "fourth" }], ["third"]],
    ["skipping falsy fields", [{ node_name: "", name: null, id: 0, peer_name: "p" }], ["p"]],
    ["dropping entries without a name", [{ weird_key: "x" }, "droplet", null, 7, ""], ["droplet"]],
    ["dropping an entry whose first truthy field is not a string", [{ id: 42 }, "a"], ["a"]],
    ["duplicates once", ["a", { name: "a" }], ["a"]],
    ["extra top-level keys", { peers: ["a"], total: 1 }, ["a"]],
  ])("reads %s", (_label, body, names) => {
    const result = parsePeersBody(body);
    expect(result).toEqual({ ok: true, names: new Set(names) });
  });

  it.each([
    ["peers nested under data", { data: { peers: [{ name: "droplet" }] } }],
    ["a non-empty list without any name", [{ weird_key: "x" }]],
    ["a list of only empty strings", [""]],
    ["a list of only numeric ids", [{ id: 5 }]],
    ["peers that is not an array", { peers: "droplet" }],
    ["peers null", { peers: null }],
    ["an empty object", {}],
    ["a string", "droplet"],
    ["a number", 42],
    ["null", null],
  ])("refuses %s", (_label, body) => {
    const result = parsePeersBody(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^unexpected \/peers body/);
  });

  it("never throws on any JSON value, and an accepted non-empty list always yields names", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const result = parsePeersBody(body);
        if (result.ok) {
          const list = Array.isArray(body) ? body : (body as { peers: unknown[] }).peers;
          expect(Array.isArray(list)).toBe(true);
          if (list.length > 0) expect(result.names.size).toBeGreaterThan(0);
          for (const name of result.names) expect(typeof name).toBe("string");
        }
      }),
    );
  });
});
