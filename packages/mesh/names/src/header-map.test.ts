import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HeaderMap } from "./header-map.js";

describe("HeaderMap", () => {
  it.each([
    ["a record", { Accept: "text/plain", "X-Id": "7" }],
    [
      "pairs",
      [
        ["Accept", "text/plain"],
        ["X-Id", "7"],
      ] as [string, string][],
    ],
    ["another HeaderMap", new HeaderMap({ ACCEPT: "text/plain", "x-id": "7" })],
  ])("builds from %s, with names lower-cased", (_label, init) => {
    expect([...new HeaderMap(init)]).toEqual([
      ["accept", "text/plain"],
      ["x-id", "7"],
    ]);
  });

  it.each([undefined, null])("is empty when built from %s", (init) => {
    expect([...new HeaderMap(init)]).toEqual([]);
  });

  it("answers get and has whatever the case of the name, and null when absent", () => {
    const headers = new HeaderMap({ "Content-Type": "application/json" });
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("CONTENT-TYPE")).toBe("application/json");
    expect(headers.has("Content-type")).toBe(true);
    expect(headers.get("accept")).toBeNull();
    expect(headers.has("accept")).toBe(false);
  });

  it("keeps the last value of a name set twice in different cases", () => {
    const headers = new HeaderMap([
      ["Accept", "a"],
      ["ACCEPT", "b"],
    ]);
    expect([...headers]).toEqual([["accept", "b"]]);
  });

  it("is accepted as request headers by Node's fetch, as Headers are", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), fc.stringMatching(/^\w{0,20}$/)),
        (record) => {
          const ours = [...new HeaderMap(record)].sort();
          // TypeScript's HeadersInit omits iterables; the Fetch standard's takes any sequence of pairs.
          const init = new HeaderMap(record) as unknown as HeadersInit;
          const theirs = [...new Headers(init)].sort();
          expect(theirs).toEqual(ours);
        },
      ),
    );
  });
});
