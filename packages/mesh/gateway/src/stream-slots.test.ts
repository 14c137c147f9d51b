import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error.js";
import { StreamSlots } from "./stream-slots.js";

const codeOf = (take: () => unknown): string | undefined => {
  try {
    take();
    return undefined;
  } catch (error) {
    return HttpError.isInstance(error) ? error.code : "other";
  }
};

describe("StreamSlots", () => {
  it("refuses a peer past its share with rate_limited and everyone past the total with overloaded", () => {
    const slots = new StreamSlots(5, 2);
    slots.take("a");
    slots.take("a");
    expect(codeOf(() => slots.take("a"))).toBe("rate_limited");
    slots.take("b");
    slots.take(undefined);
    slots.take(undefined);
    expect(slots.size).toBe(5);
    expect(codeOf(() => slots.take("c"))).toBe("overloaded");
  });

  it("gives a slot back once however often its release is called", () => {
    const slots = new StreamSlots(2, 1);
    const release = slots.take("a");
    release();
    release();
    expect(slots.size).toBe(0);
    slots.take("a");
    expect(codeOf(() => slots.take("a"))).toBe("rate_limited");
  });

  it("holds as many slots as taken and not released, within both bounds, for any order", () => {
    const step = fc.record({
      peer: fc.constantFrom("a", "b", undefined),
      release: fc.nat(20),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const slots = new StreamSlots(6, 3);
        const held: Array<{ peer: string | undefined; release: () => void }> = [];
        for (const { peer, release } of steps) {
          if (release < held.length && release % 2 === 0) {
            held.splice(release, 1)[0]!.release();
            continue;
          }
          const code = codeOf(() => held.push({ peer, release: slots.take(peer) }));
          const own = held.filter((slot) => slot.peer === peer && peer !== undefined).length;
          if (code === undefined) expect(own).toBeLessThanOrEqual(3);
          else expect(held.length === 6 || own === 3).toBe(true);
        }
        expect(slots.size).toBe(held.length);
        expect(slots.size).toBeLessThanOrEqual(6);
        for (const slot of held) slot.release();
        expect(slots.size).toBe(0);
      }),
    );
  });
});
