import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MAX_CONTENT_BYTES } from "./limits.js";
import { PEER_NAME_PATTERN } from "./peer-name-pattern.js";
import { SendBodySchema, TokenHoldersQuerySchema } from "./strict-schemas.js";

const send = (content: string) => ({ from_node: "alpha", to_node: "bravo", kind: "fyi", content });

describe("SendBodySchema content size", () => {
  it("accepts content of at most 64 KiB of UTF-8, whatever mix of 1- to 4-byte characters", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("a", "é", "€", "😀"),
          minLength: 16_000,
          maxLength: 66_000,
        }),
        (content) => {
          const result = v.safeParse(SendBodySchema, send(content), { abortEarly: true });
          expect(result.success).toBe(Buffer.byteLength(content, "utf8") <= MAX_CONTENT_BYTES);
          if (!result.success) expect(result.issues[0].type).toBe("max_bytes");
        },
      ),
      // No shrinking: a failing case is tens of thousands of characters long.
      { numRuns: 60, endOnFailure: true },
    );
  });

  it.each([
    ["a", MAX_CONTENT_BYTES, true],
    ["a", MAX_CONTENT_BYTES + 1, false],
    ["€", Math.floor(MAX_CONTENT_BYTES / 3), true],
    ["€", Math.floor(MAX_CONTENT_BYTES / 3) + 1, false],
    ["😀", MAX_CONTENT_BYTES / 4, true],
    ["😀", MAX_CONTENT_BYTES / 4 + 1, false],
  ])("%s repeated %i times is accepted: %s", (unit, count, accepted) => {
    expect(v.safeParse(SendBodySchema, send(unit.repeat(count))).success).toBe(accepted);
  });
});

describe("TokenHoldersQuerySchema", () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ["no query", {}, true],
    ["a limit and a cursor", { limit: "20", after: "alpha" }, true],
    ["a limit over the largest (it counts as the largest)", { limit: "99999" }, true],
    ["a limit that is not an integer", { limit: "ten" }, false],
    ["a repeated limit", { limit: ["1", "2"] }, false],
    ["a cursor that is not a peer name", { after: "Alpha!" }, false],
    ["a repeated cursor", { after: ["alpha", "bravo"] }, false],
  ])("%s: accepted %s", (_, query, accepted) => {
    expect(v.safeParse(TokenHoldersQuerySchema, query).success).toBe(accepted);
  });

  it("accepts as cursor exactly the strings of the peer-name format", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (after) => {
        const result = v.safeParse(TokenHoldersQuerySchema, { after });
        expect(result.success).toBe(PEER_NAME_PATTERN.test(after));
      }),
    );
  });
});
