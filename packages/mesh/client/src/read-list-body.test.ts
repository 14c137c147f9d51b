import { MessageListBodySchema, PeerListBodySchema } from "@mesh/protocol";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { readListBody } from "./read-list-body.js";

const SCHEMAS = { peers: PeerListBodySchema, messages: MessageListBodySchema } as const;

/** Bodies near the accepted shapes: arrays, and objects with or without the list key. */
function nearListBody(key: string) {
  return fc.oneof(
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.record(
      {
        [key]: fc.oneof(fc.array(fc.integer(), { maxLength: 3 }), fc.anything()),
        other: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    fc.anything({ withNullPrototype: true }),
  );
}

describe("readListBody", () => {
  it.each(["peers", "messages"] as const)(
    "agrees with the %s list schema on verdict and entries",
    (key) => {
      fc.assert(
        fc.property(nearListBody(key), (body) => {
          const expected = v.safeParse(SCHEMAS[key], body);
          const actual = readListBody(body, key);
          if (expected.success) expect(actual).toStrictEqual(expected.output);
          else expect(actual).toBeUndefined();
        }),
        { numRuns: 1000 },
      );
    },
  );

  it("reads a bare array and an object holding the array under its key", () => {
    expect(readListBody([1, 2], "messages")).toEqual([1, 2]);
    expect(readListBody({ messages: [3], next_cursor: 3 }, "messages")).toEqual([3]);
    expect(readListBody({ peers: [3] }, "messages")).toBeUndefined();
    expect(readListBody("[]", "peers")).toBeUndefined();
  });
});
