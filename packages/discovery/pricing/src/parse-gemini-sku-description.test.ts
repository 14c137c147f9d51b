import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGeminiSkuDescription } from "./parse-gemini-sku-description.js";

type Row = readonly [
  description: string,
  direction: "input" | "output",
  tier: number,
  hint: string,
];

// https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list, "How the spec's rules read descriptions", every row.
const READINGS: readonly Row[] = [
  ["Gemini 2.5 Pro Text Input - Predictions", "input", 0, "Gemini 2.5 Pro Text"],
  ["Gemini 2.5 Pro Text Output - Predictions", "output", 0, "Gemini 2.5 Pro Text"],
  ["Gemini 2.5 Pro Input Text Caching", "input", 0, "Gemini 2.5 Pro"],
  ["Gemini 3.0 Pro Text Input (Long) - Predictions", "input", 128_000, "Gemini 3.0 Pro Text"],
  [
    "Gemini 2.5 Pro Text Output (Long & Standard) - Predictions",
    "output",
    0,
    "Gemini 2.5 Pro Text",
  ],
  [
    "Gemini 2.5 Flash GA Text Output (Thinking On) - Predictions",
    "output",
    0,
    "Gemini 2.5 Flash GA Text",
  ],
  ["Gemini 3 Flash Text Input Caching Storage", "input", 0, "Gemini 3 Flash Text"],
  ["Gemini 1.5 Pro Input Tokens", "input", 0, "Gemini 1.5 Pro"],
  ["Gemini 1.5 Pro Output Tokens (Greater than 128k)", "output", 128_000, "Gemini 1.5 Pro"],
  [
    "Gemini 2.5 Pro Output Tokens (Input > 200k)",
    "input",
    128_000,
    "Gemini 2.5 Pro Output Tokens (",
  ],
  ["Gemini 2.5 Pro Long Context Output", "output", 128_000, "Gemini 2.5 Pro Long Context"],
  ["Gemini 1.5 Pro 1M Context Completion", "output", 128_000, "Gemini 1.5 Pro 1M Context"],
  ["Vertex Gemini 2.0 Flash Prompt Characters", "input", 0, "Gemini 2.0 Flash"],
  ["Gemini 1.5 Flash input tokens", "input", 0, "Gemini 1.5 Flash input tokens"],
  ["GEMINI 2.0 flash Output", "output", 0, "GEMINI 2.0 flash"],
  // The other real examples of 9.3.
  ["Gemini 2.5 Flash GA Text Input - Predictions", "input", 0, "Gemini 2.5 Flash GA Text"],
  ["Gemini 3.0 Pro Text Input - Predictions", "input", 0, "Gemini 3.0 Pro Text"],
  ["Gemini 3.0 Pro Text Output (Long) - Predictions", "output", 128_000, "Gemini 3.0 Pro Text"],
  ["Gemini 2.5 Pro Input Text Caching (Long)", "input", 128_000, "Gemini 2.5 Pro"],
  ["Gemini 2.5 Pro Text Input Caching", "input", 0, "Gemini 2.5 Pro Text"],
];

const STOP_WORDS = ["Input", "Output", "Prompt", "Completion"];

const CONTEXT_CACHE = new Set([
  "Gemini 2.5 Pro Input Text Caching",
  "Gemini 3 Flash Text Input Caching Storage",
  "Gemini 2.5 Pro Input Text Caching (Long)",
  "Gemini 2.5 Pro Text Input Caching",
]);

describe("parseGeminiSkuDescription", () => {
  it.each(READINGS)("reads %j as %s, tier %d, hint %j", (description, direction, tier, hint) => {
    expect(parseGeminiSkuDescription(description)).toStrictEqual({
      direction,
      tierThresholdTokens: tier,
      modelHint: hint,
      contextCache: CONTEXT_CACHE.has(description),
    });
  });

  it.each([
    ["Gemini Vector Store Storage", "names no direction"],
    ["Imagen 4 Image Generation - Predictions", "is not Gemini"],
    ["Text Embedding 005 Input Characters", "is not Gemini, though it names input"],
    ["Claude Sonnet 4 Output Tokens", "is not Gemini, though it names output"],
    ["", "is empty"],
  ])("skips %j, which %s", (description) => {
    expect(parseGeminiSkuDescription(description)).toBeNull();
  });

  it.each([
    ["Gemini 3.0 Pro Text Input (long) - Predictions", 128_000],
    ["Gemini 3.0 Pro Text Input (LONG) - Predictions", 128_000],
    ["Gemini 2.5 Pro Text Input (Long & Standard) - Predictions", 0],
    ["Gemini 2.5 Pro Text Input Longer - Predictions", 0],
    ["Gemini 2.5 Pro Input GREATER THAN 128K", 128_000],
  ])("puts %j in tier %d", (description, tier) => {
    expect(parseGeminiSkuDescription(description)?.tierThresholdTokens).toBe(tier);
  });

  it("marks Caching and Storage SKUs as context-cache prices in any case", () => {
    expect(parseGeminiSkuDescription("Gemini 2.0 Flash input caching")?.contextCache).toBe(true);
    expect(parseGeminiSkuDescription("Gemini 2.0 Flash Input STORAGE")?.contextCache).toBe(true);
    expect(parseGeminiSkuDescription("Gemini 2.0 Flash Text Input")?.contextCache).toBe(false);
  });

  it("starts the hint at the first family keyword and ignores stop words before it", () => {
    expect(parseGeminiSkuDescription("Input for Gemini 2.0 Flash Output")?.modelHint).toBe(
      "Gemini 2.0 Flash",
    );
  });

  const fragment = fc.oneof(
    fc.constantFrom(
      "Gemini",
      "gemini",
      "GEMINI",
      "Input",
      "input",
      "Output",
      "OUTPUT",
      "Prompt",
      "Completion",
      "completion",
      "(Long)",
      "(Long & Standard)",
      "Long Context",
      "greater than 128k",
      "200K",
      "1M Context",
      "Caching",
      "Storage",
      "2.5 Pro",
      "-",
      "Text",
    ),
    fc.string({ maxLength: 8 }),
  );
  const description = fc.oneof(
    fc.array(fragment, { maxLength: 8 }).map((parts) => parts.join(" ")),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
  );

  it("never throws and applies the direction, tier and hint rules consistently", () => {
    fc.assert(
      fc.property(description, (text) => {
        const reading = parseGeminiSkuDescription(text);
        const lower = text.toLowerCase();
        const isGemini = lower.includes("gemini");
        const namesInput = lower.includes("input") || lower.includes("prompt");
        const namesOutput = lower.includes("output") || lower.includes("completion");
        if (!isGemini || (!namesInput && !namesOutput)) {
          expect(reading).toBeNull();
          return;
        }
        expect(reading).not.toBeNull();
        if (reading === null) return;
        expect(reading.direction).toBe(namesInput ? "input" : "output");
        const long = ["greater than 128k", "long context", "200k", "1m context", "(long)"].some(
          (marker) => lower.includes(marker),
        );
        expect(reading.tierThresholdTokens).toBe(long ? 128_000 : 0);
        expect(reading.contextCache).toBe(lower.includes("caching") || lower.includes("storage"));
        // The hint is the text from the first `gemini`, cut where a stop word starts (or at the end).
        const fromFamily = text.slice(/gemini/i.exec(text)?.index ?? 0);
        expect(fromFamily.startsWith(reading.modelHint)).toBe(true);
        const after = fromFamily.slice(reading.modelHint.length).trimStart();
        expect(after === "" || STOP_WORDS.some((word) => after.startsWith(word))).toBe(true);
        // `Input` is tried first, so it never survives inside a hint.
        expect(reading.modelHint).not.toContain("Input");
      }),
      { numRuns: 2000 },
    );
  });
});
