import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DM_KINDS } from "./dm-kinds.js";
import { MESSAGE_STATES } from "./message-states.js";
import {
  StrictMessageSchema,
  StrictPeerSchema,
  StrictReceiptSchema,
  StrictSentMessageSchema,
} from "./strict-schemas.js";
import { MessageSchema, PeerSchema, ReceiptSchema, SentMessageSchema } from "./tolerant-schemas.js";

const iso = fc
  .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
  .map((date) => date.toISOString());
const text = fc.string({ maxLength: 20 });
const reference = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null });

const message = fc.record({
  id: fc.nat(),
  from_node: text,
  to_node: text,
  kind: fc.constantFrom(...DM_KINDS),
  content: text,
  created_at: iso,
  read_at: fc.option(iso, { nil: null }),
  related_task_id: reference,
  thread_id: reference,
  delivered_at: fc.option(iso, { nil: null }),
  answered_at: fc.option(iso, { nil: null }),
  answer_id: fc.option(fc.nat(), { nil: null }),
  reply_by: fc.option(iso, { nil: null }),
  expired_at: fc.option(iso, { nil: null }),
  state: fc.constantFrom(...MESSAGE_STATES),
});

const receipt = fc.record({
  message_id: fc.nat(),
  to_node: text,
  state: fc.constantFrom(...MESSAGE_STATES),
  at: iso,
});

const peer = fc.record({
  name: text,
  url: fc.option(text, { nil: null }),
  capabilities: fc.dictionary(text, fc.jsonValue()),
  enabled: fc.boolean(),
  last_health: fc.option(iso, { nil: null }),
  last_seen: fc.option(iso, { nil: null }),
  registered_at: fc.option(iso, { nil: null }),
});

/** Every answer the gateway may give must read back unchanged through the client's schemas. */
describe("tolerant schemas read whatever the strict ones accept, unchanged", () => {
  it.each([
    ["a message", StrictMessageSchema, MessageSchema, message],
    [
      "a sent message",
      StrictSentMessageSchema,
      SentMessageSchema,
      message.map(({ id, from_node, to_node, kind, thread_id, created_at, reply_by, state }) => ({
        id,
        from_node,
        to_node,
        kind,
        thread_id,
        created_at,
        reply_by,
        state,
      })),
    ],
    ["a receipt", StrictReceiptSchema, ReceiptSchema, receipt],
    ["a peer", StrictPeerSchema, PeerSchema, peer],
  ] as const)("%s", (_, strict, tolerant, arbitrary) => {
    fc.assert(
      fc.property(arbitrary as fc.Arbitrary<Record<string, unknown>>, (value) => {
        expect(v.is(strict, value)).toBe(true);
        const read = v.parse(tolerant, value);
        for (const [key, field] of Object.entries(value)) expect(read[key]).toEqual(field);
      }),
    );
  });

  it("read the same field set as the strict schemas", () => {
    expect(Object.keys(MessageSchema.entries).sort()).toEqual(
      Object.keys(StrictMessageSchema.entries).sort(),
    );
    expect(Object.keys(PeerSchema.entries).sort()).toEqual(
      Object.keys(StrictPeerSchema.entries).sort(),
    );
    expect(Object.keys(SentMessageSchema.entries)).toEqual(
      expect.arrayContaining(Object.keys(StrictSentMessageSchema.entries)),
    );
  });
});
