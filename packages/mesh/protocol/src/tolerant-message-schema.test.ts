import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MessageSchema, SentMessageSchema } from "./tolerant-schemas.js";

const row = {
  id: 7,
  from_node: "lab-ovh",
  to_node: "droplet",
  kind: "fyi",
  content: "hi",
  created_at: "2026-01-02T03:04:05.000Z",
  read_at: null,
  related_task_id: null,
  thread_id: null,
};

describe("MessageSchema", () => {
  it("accepts a full row unchanged", () => {
    expect(v.parse(MessageSchema, row)).toEqual(row);
  });

  it.each([
    ["a fractional id", { id: 1.5 }],
    ["a string id", { id: "7" }],
    ["a missing sender", { from_node: undefined }],
    ["a numeric created_at", { created_at: 0 }],
    ["a non-string content", { content: 5 }],
  ])("refuses %s", (_label, patch) => {
    expect(v.safeParse(MessageSchema, { ...row, ...patch }).success).toBe(false);
  });

  it("accepts a kind the client does not know yet", () => {
    expect(v.parse(MessageSchema, { ...row, kind: "handoff" }).kind).toBe("handoff");
  });

  it("keeps every unknown extra field", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          // valibot drops the prototype-pollution keys on purpose.
          fc
            .string()
            .filter(
              (key) => !(key in row) && !["__proto__", "prototype", "constructor"].includes(key),
            ),
          fc.jsonValue(),
        ),
        (extra) => {
          const output = v.parse(MessageSchema, { ...extra, ...row });
          for (const [key, value] of Object.entries(extra)) {
            expect(output[key]).toEqual(value);
          }
        },
      ),
    );
  });
});

describe("SentMessageSchema", () => {
  it("accepts the POST /messages response, which has no content", () => {
    const { content: _content, ...sent } = row;
    expect(v.parse(SentMessageSchema, sent)).toEqual(sent);
    expect(v.parse(SentMessageSchema, sent)).not.toHaveProperty("content");
  });
});
