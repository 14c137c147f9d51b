import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDeepSeekId } from "./normalize-deep-seek-id.js";

// The spec's rule written as a regex; only safe as an oracle on short generated strings.
function reference(id: string): string {
  return id.replace(/^deepseek\//, "").replace(/-v\d+\.\d+(?:-\w+)*$/, "");
}

describe("normalizeDeepSeekId", () => {
  it.each([
    ["deepseek/deepseek-chat-v3.1", "deepseek-chat"],
    ["deepseek/deepseek-reasoner-v3.1-terminus", "deepseek-reasoner"],
    ["deepseek/deepseek-non-thinking-v3.2-exp", "deepseek-non-thinking"],
    ["deepseek/deepseek-v3.2-speciale", "deepseek"],
    ["deepseek/deepseek-v3.2-exp", "deepseek"],
    ["deepseek-r1-v1.0-a-b_c", "deepseek-r1"],
    ["deepseek/deepseek-prover-v2", "deepseek-prover-v2"],
    ["deepseek-chat-v3", "deepseek-chat-v3"],
    ["deepseek-v4-flash", "deepseek-v4-flash"],
    ["deepseek-chat", "deepseek-chat"],
  ])("normalizes %s to %s (the documented normalizer rules)", (input, output) => {
    expect(normalizeDeepSeekId(input)).toBe(output);
  });

  it.each([
    ["deepseek/deepseek/x-v1.0", "deepseek/x"],
    ["DeepSeek/deepseek-chat-v3.1", "DeepSeek/deepseek-chat"],
    ["a-v1.1-v1.1", "a-v1.1"],
    ["a-v10.25", "a"],
    ["a-V1.1", "a-V1.1"],
    ["a-v1.", "a-v1."],
    ["a-v.1", "a-v.1"],
    ["a-v1.1-", "a-v1.1-"],
    ["a-v1.1--x", "a-v1.1--x"],
    ["a-v1.1-x.y", "a-v1.1-x.y"],
    ["a-v1.1x", "a-v1.1x"],
    ["a-v1.1-é", "a-v1.1-é"],
    ["-v1.1", ""],
    ["v1.1", "v1.1"],
    ["", ""],
  ])("matches the suffix exactly and only at the end: %s -> %s", (input, output) => {
    expect(normalizeDeepSeekId(input)).toBe(output);
  });

  it("agrees with the spec's regex form on any string", () => {
    const piece = fc.constantFrom("deepseek/", "-v", "-", "v", "1", "23", ".", "a", "_", "x-", "é");
    const ids = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 12 }).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(ids, (id) => {
        expect(normalizeDeepSeekId(id)).toBe(reference(id));
      }),
      { numRuns: 2000 },
    );
  });

  it("returns a prefix of the id without its deepseek/ prefix", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const rest = id.startsWith("deepseek/") ? id.slice(9) : id;
        expect(rest.startsWith(normalizeDeepSeekId(id))).toBe(true);
      }),
    );
  });

  it("handles a 1 MiB adversarial id", () => {
    const id = "deepseek/" + "-v1.1".repeat(209_716);
    expect(normalizeDeepSeekId(id)).toBe("-v1.1".repeat(209_715));
  });
});
