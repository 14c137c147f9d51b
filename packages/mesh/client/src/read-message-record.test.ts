import { MessageSchema, SentMessageSchema } from "@mesh/protocol";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { readMessageRecord } from "./read-message-record.js";

const MESSAGE_KEYS = Object.keys(MessageSchema.entries);
const UNSAFE_KEYS = ["__proto__", "prototype", "constructor"];
const DELETE = Symbol("delete");

/** Every kind of JSON value, plus `undefined`, which a caller's object may hold. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1.5),
  fc.string({ maxLength: 8 }),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

const optionalText = fc.option(fc.string({ maxLength: 8 }), { nil: null });

/** A row the schemas accept; optional fields may be absent. */
const wellFormedRow = fc.record(
  {
    id: fc.integer(),
    from_node: fc.string({ maxLength: 8 }),
    to_node: fc.string({ maxLength: 8 }),
    kind: fc.constantFrom("fyi", "question", "brand-new-kind"),
    content: optionalText,
    created_at: fc.constantFrom("2026-01-02T03:04:05.000Z", "not a time", ""),
    read_at: optionalText,
    related_task_id: optionalText,
    thread_id: optionalText,
    delivered_at: optionalText,
    answered_at: optionalText,
    answer_id: fc.option(fc.integer(), { nil: null }),
    reply_by: optionalText,
    expired_at: optionalText,
    state: fc.constantFrom("sent", "delivered", "read", "answered", "expired", "later-state"),
  },
  { requiredKeys: ["id", "from_node", "to_node", "kind", "created_at"] },
);

/**
 * A well-formed row, then some fields replaced by any value or deleted, unknown and unsafe keys
 * added (as own properties, `__proto__` included), all in a shuffled key order.
 */
const mutatedRow = fc
  .tuple(
    wellFormedRow,
    fc.array(fc.tuple(fc.constantFrom(...MESSAGE_KEYS), fc.oneof(anyValue, fc.constant(DELETE))), {
      maxLength: 2,
    }),
    fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...UNSAFE_KEYS, "priority", "7"), fc.string({ maxLength: 4 })),
        anyValue,
      ),
      { maxLength: 3 },
    ),
  )
  .chain(([row, changes, extras]) => {
    const fields: Record<string, unknown> = { ...row };
    for (const [key, value] of changes) {
      if (value === DELETE) delete fields[key];
      else fields[key] = value;
    }
    const entries = [...Object.entries(fields), ...extras];
    return fc.shuffledSubarray(entries, { minLength: entries.length });
  })
  // Object.fromEntries defines own properties, so even `__proto__` becomes a plain key.
  .map((entries) => Object.fromEntries(entries));

/** The reader and the schema give the same verdict and, on success, the same object. */
function expectAgreement(input: unknown, withContent: boolean): void {
  const schema = withContent ? MessageSchema : SentMessageSchema;
  const expected = v.safeParse(schema, input);
  const actual = withContent ? readMessageRecord(input, true) : readMessageRecord(input, false);
  if (!expected.success) {
    expect(actual).toBeUndefined();
    return;
  }
  expect(actual).toStrictEqual(expected.output);
  expect(Object.keys(actual ?? {})).toEqual(Object.keys(expected.output));
}

describe("readMessageRecord", () => {
  it.each([true, false])(
    "agrees with the schema on any value (with content: %s)",
    (withContent) => {
      fc.assert(
        fc.property(fc.anything({ withNullPrototype: true }), (input) => {
          expectAgreement(input, withContent);
        }),
      );
    },
  );

  it.each([true, false])(
    "agrees with the schema on well-formed and damaged rows (with content: %s)",
    (withContent) => {
      fc.assert(
        fc.property(fc.oneof(wellFormedRow, mutatedRow), (input) => {
          expectAgreement(input, withContent);
        }),
        { numRuns: 2000 },
      );
    },
  );

  it("reads inherited fields as the schema does, and never copies them as unknown ones", () => {
    const inherited = { id: 3, kind: "fyi", note: "inherited" };
    const row = Object.assign(Object.create(inherited), {
      from_node: "lab-ovh",
      to_node: "droplet",
      created_at: "2026-01-02T03:04:05.000Z",
    });
    expectAgreement(row, true);
    expect(readMessageRecord(row, true)).not.toHaveProperty("note");
  });

  it("fills absent optional fields with null and keeps unknown fields after the known ones", () => {
    const row = {
      priority: "high",
      created_at: "2026-01-02T03:04:05.000Z",
      kind: "fyi",
      to_node: "droplet",
      from_node: "lab-ovh",
      id: 4,
    };
    const message = readMessageRecord(row, true);
    expect(message).toEqual({
      id: 4,
      from_node: "lab-ovh",
      to_node: "droplet",
      kind: "fyi",
      content: null,
      created_at: "2026-01-02T03:04:05.000Z",
      read_at: null,
      related_task_id: null,
      thread_id: null,
      priority: "high",
    });
    expect(Object.keys(message ?? {}).at(-1)).toBe("priority");
  });

  it.each([
    ["a string id", { id: "4" }],
    ["a fractional id", { id: 4.5 }],
    ["a numeric content", { content: 7 }],
    ["a missing sender", { from_node: undefined }],
  ])("refuses a row with %s", (_label, change) => {
    const row = {
      id: 4,
      from_node: "lab-ovh",
      to_node: "droplet",
      kind: "fyi",
      content: "hi",
      created_at: "2026-01-02T03:04:05.000Z",
      ...change,
    };
    expect(readMessageRecord(row, true)).toBeUndefined();
  });

  it("never copies __proto__, prototype or constructor keys", () => {
    const row = JSON.parse(
      '{"id":1,"from_node":"a","to_node":"b","kind":"fyi","created_at":"t","__proto__":{"polluted":true},"constructor":1,"prototype":2}',
    );
    const message = readMessageRecord(row, false);
    expect(Object.keys(message ?? {})).not.toContain("__proto__");
    expect(Object.keys(message ?? {})).not.toContain("constructor");
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
  });
});
