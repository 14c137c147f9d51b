import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextPageQuery } from "./next-page-query.js";

describe("nextPageQuery", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ['</peers?after=p-1000>; rel="next"', { after: "p-1000" }],
    ["</peers?after=p-1000&limit=2>; rel=next", { after: "p-1000", limit: "2" }],
    ['</base/messages?after_id=9>; rel="next"', { after_id: "9" }],
    ['</peers?after=a>; rel="prev", </peers?after=b>; rel="next"', { after: "b" }],
    ['</peers?after=a>; rel="prev"', undefined],
    ['</peers>; rel="next"', {}],
    ["garbage", undefined],
  ])("reads %j as %j", (link, expected) => {
    expect(nextPageQuery(link)).toEqual(expected);
  });

  it("gives back any query it was sent, whatever the values", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (query) => {
        const link = `</peers?${new URLSearchParams(query)}>; rel="next"`;
        expect(nextPageQuery(link)).toEqual(query);
      }),
    );
  });

  it("never throws on an arbitrary header", () => {
    fc.assert(
      fc.property(fc.string(), (link) => {
        const result = nextPageQuery(link);
        expect(result === undefined || typeof result === "object").toBe(true);
      }),
    );
  });
});
