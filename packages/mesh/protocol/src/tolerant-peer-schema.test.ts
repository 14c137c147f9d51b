import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { PeerSchema } from "./tolerant-schemas.js";

describe("PeerSchema", () => {
  it("fills the spec defaults for absent optional fields", () => {
    expect(v.parse(PeerSchema, { name: "droplet" })).toEqual({
      name: "droplet",
      url: null,
      capabilities: {},
      enabled: true,
      last_health: null,
      last_seen: null,
      registered_at: null,
    });
  });

  it.each([
    [{}],
    [{ name: 1 }],
    [{ name: "a", enabled: "yes" }],
    [{ name: "a", capabilities: [] }],
    [{ name: "a", last_seen: 5 }],
    [null],
    ["droplet"],
  ])("refuses %o", (input) => {
    expect(v.safeParse(PeerSchema, input).success).toBe(false);
  });

  it("keeps every unknown extra field and leaves timestamps as strings", () => {
    const reserved = new Set([
      "name",
      "url",
      "capabilities",
      "enabled",
      "last_health",
      "last_seen",
      "registered_at",
      // valibot drops these on purpose (prototype pollution).
      "__proto__",
      "prototype",
      "constructor",
    ]);
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => !reserved.has(key)),
          fc.jsonValue(),
        ),
        fc.option(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          { nil: null },
        ),
        (extra, seen) => {
          const input = { ...extra, name: "lab-ovh", last_seen: seen };
          const output = v.parse(PeerSchema, input);
          for (const [key, value] of Object.entries(extra)) {
            expect(output[key]).toEqual(value);
          }
          expect(output.last_seen).toBe(seen);
        },
      ),
    );
  });
});
