import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SseBlock, SseParser } from "./sse-parser.js";

const parseAll = (chunks: string[]): SseBlock[] => {
  const parser = new SseParser(10_000);
  return chunks.flatMap((chunk) => parser.push(chunk));
};

describe("SseParser", () => {
  it.each<[string, string, SseBlock[]]>([
    [
      "a message event",
      'id: 7\nevent: message\ndata: {"a":1}\n\n',
      [{ id: "7", event: "message", data: '{"a":1}' }],
    ],
    [
      "an id-only block",
      "retry: 2000\nid: 12\n\n",
      [{ id: "12", event: "message", data: undefined }],
    ],
    ["comments only", ": ping\n\n: ping\n\n", []],
    ["CRLF line ends", "id: 1\r\ndata: x\r\n\r\n", [{ id: "1", event: "message", data: "x" }]],
    ["CR line ends", "id: 1\rdata: x\r\r", [{ id: "1", event: "message", data: "x" }]],
    [
      "multi-line data",
      "data: a\ndata: b\n\n",
      [{ id: undefined, event: "message", data: "a\nb" }],
    ],
    ["no space after the colon", "data:x\n\n", [{ id: undefined, event: "message", data: "x" }]],
    ["an unfinished block", "id: 3\ndata: x\n", []],
  ])("parses %s", (_, text, expected) => {
    expect(parseAll([text])).toEqual(expected);
  });

  it("yields the same blocks however the text is split into chunks", () => {
    const block = fc
      .record({
        id: fc.option(fc.nat().map(String), { nil: undefined }),
        data: fc.array(fc.string({ unit: fc.constantFrom("a", "{", "}", " ", ":", "é") }), {
          maxLength: 3,
        }),
        end: fc.constantFrom("\n", "\r\n", "\r"),
      })
      .filter((b) => b.id !== undefined || b.data.length > 0);
    fc.assert(
      fc.property(fc.array(block, { maxLength: 6 }), fc.array(fc.nat()), (blocks, cuts) => {
        const text = blocks
          .map(({ id, data, end }) =>
            [...(id === undefined ? [] : [`id: ${id}`]), ...data.map((d) => `data: ${d}`), ""]
              .map((line) => line + end)
              .join(""),
          )
          .join(`: ping\n`);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let from = 0;
        for (const point of points) {
          chunks.push(text.slice(from, point));
          from = point;
        }
        chunks.push(text.slice(from));
        expect(parseAll(chunks)).toEqual(parseAll([text]));
        expect(parseAll([text])).toHaveLength(blocks.length);
      }),
    );
  });

  it("refuses a line longer than its bound instead of buffering it", () => {
    const parser = new SseParser(100);
    expect(() => parser.push(`data: ${"x".repeat(200)}`)).toThrow(RangeError);
  });
});
