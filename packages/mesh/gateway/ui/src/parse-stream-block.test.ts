import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStreamBlock } from "./parse-stream-block.js";

const RECEIPT = { message_id: 4, to_node: "bob", state: "read", at: "2026-01-01T00:00:00.000Z" };

describe("parseStreamBlock", () => {
  it.each<[string, string, unknown]>([
    [
      "a message with its id",
      'id: 3\nevent: message\ndata: {"id":3,"content":"hi"}',
      { type: "message", message: { id: 3, content: "hi" } },
    ],
    ["a message without an event line", 'data: {"id":3}', { type: "message", message: { id: 3 } }],
    [
      "a receipt",
      `event: receipt\ndata: ${JSON.stringify(RECEIPT)}`,
      { type: "receipt", receipt: RECEIPT },
    ],
    ["a comment (ping)", ": ping", undefined],
    ["an id-only block", "id: 9", undefined],
    ["another event", 'event: ready\ndata: {"id":1}', undefined],
    ["a message without an id", 'data: {"content":"x"}', undefined],
    ["a receipt without a state", 'event: receipt\ndata: {"message_id":1,"at":"x"}', undefined],
    ["data that is not JSON", "data: {", undefined],
    ["data that is JSON null", "data: null", undefined],
  ])("reads %s", (_, block, expected) => {
    expect(parseStreamBlock(block)).toEqual(expected);
  });

  it("never throws, whatever the block", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom("", "event: receipt\n", "event: message\n"),
        (data, head) => {
          expect(() => parseStreamBlock(`${head}data: ${data}`)).not.toThrow();
        },
      ),
    );
  });
});
