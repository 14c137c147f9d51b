import { describe, expect, it } from "vitest";
import { nextLink } from "./gateway-api.js";

const REQUEST = "http://127.0.0.1:8080/messages?thread=t&limit=2";

describe("nextLink", () => {
  it.each<[string, string | null, string | null]>([
    ["no header", null, null],
    [
      "a relative next",
      '</messages?thread=t&after_id=2>; rel="next"',
      "/messages?thread=t&after_id=2",
    ],
    ["an unquoted rel", "</threads?before_id=9>; rel=next", "/threads?before_id=9"],
    ["next among other relations", '</a>; rel="prev", </b?x=1>; rel="next"', "/b?x=1"],
    ["a link relative to the request path", '<?after_id=5>; rel="next"', "/messages?after_id=5"],
    ["no next relation", '</a>; rel="prev"', null],
    ["a next on another origin", '<https://evil.example/x>; rel="next"', null],
  ])("reads %s", (_, header, expected) => {
    expect(nextLink(header, REQUEST)).toBe(expected);
  });
});
