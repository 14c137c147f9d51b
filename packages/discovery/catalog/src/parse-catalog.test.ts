import { aimlapiCapture } from "@discovery/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AIMLAPI_SOURCE, parseCatalog, parseCatalogBody } from "./parse-catalog.js";

const GROK = {
  id: "x-ai/grok-code-fast-1",
  type: "chat-completion",
  info: {
    name: "Grok Code Fast 1",
    developer: "X AI",
    description: "A speedy and economical reasoning model.",
    contextLength: 256000,
    maxTokens: 255000,
    url: "",
    docs_url: "https://docs.aimlapi.com/api-references/text-models-llm/xai/",
  },
  features: ["openai/chat-completion", "openai/chat-completion.stream"],
  endpoints: ["/v1/chat/completions"],
};

const GPT_NEWER = {
  id: "openai/gpt-4o",
  type: "openai/chat-completions",
  aliases: ["gpt-4o"],
  tags: ["playground:chat", "tier:tier_2"],
  info: {
    releasedAt: "2025-08-07",
    name: "GPT-4o",
    developer: "Open AI",
    description: "Multimodal AI model by OpenAI enhancing human-computer interaction.",
    contextLength: 128000,
    outputMax: 16384,
    cutoffAt: "2023-10-01",
    url: "https://aimlapi.com/models/gpt-4o-2024-08-06-api",
    docsUrl: "https://docs.aimlapi.com/api-references/text-models-llm/openai/gpt-4o",
  },
};

describe("parseCatalog on the real January 2026 capture", () => {
  const capture = aimlapiCapture();
  const models = parseCatalog(capture);

  it("parses every one of the 440 entries, in order, as aimlapi rows", () => {
    expect(models).toHaveLength(440);
    expect(models.map((m) => m.id)).toEqual(capture.data.map((e) => e.id));
    expect(new Set(models.map((m) => m.source))).toEqual(new Set([AIMLAPI_SOURCE]));
  });

  it("reads the older entry shape field by field", () => {
    expect(models[0]).toEqual({
      id: "openai/gpt-4o",
      developer: "Open AI",
      contextLength: 128000,
      maxTokens: 16384,
      name: "GPT 4o",
      description: "GPT-4o integrates text, vision, and audio for multimodal AI applications.",
      type: "chat-completion",
      aliases: [],
      tags: [],
      source: "aimlapi",
    });
  });

  it("turns the 275 missing and 2 null context lengths into null", () => {
    expect(models.filter((m) => m.contextLength === null)).toHaveLength(277);
    expect(models.find((m) => m.id === "BAAI/bge-base-en-v1.5")?.contextLength).toBeNull();
  });

  it("turns the maxTokens of 0 and the 293 missing ones into null", () => {
    expect(models.find((m) => m.id === "xiaomi/mimo-v2-flash")).toMatchObject({
      contextLength: 128000,
      maxTokens: null,
    });
    expect(models.filter((m) => m.maxTokens === null)).toHaveLength(294);
  });

  it("keeps maxTokens above contextLength as the catalog writes it", () => {
    const over = models.filter(
      (m) => m.maxTokens !== null && m.contextLength !== null && m.maxTokens > m.contextLength,
    );
    expect(over).toHaveLength(10);
  });

  it("keeps the 160 empty descriptions as empty strings", () => {
    expect(models.filter((m) => m.description === "")).toHaveLength(160);
    expect(models.filter((m) => m.description === null)).toHaveLength(0);
  });

  it("keeps mixed prefixed and bare ids as they are", () => {
    const ids = new Set(models.map((m) => m.id));
    for (const id of ["openai/gpt-4o", "gpt-4o-mini", "deepseek-chat", "x-ai/grok-4-07-09"]) {
      expect(ids.has(id)).toBe(true);
    }
    for (const id of ["gpt-4o", "claude-opus-4-7", "grok-4", "deepseek-v4-flash"]) {
      expect(ids.has(id)).toBe(false);
    }
  });

  it("returns frozen records", () => {
    const first = models[0]!;
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.aliases)).toBe(true);
    expect(() => {
      (first as { id: string }).id = "changed";
    }).toThrow(TypeError);
  });
});

describe("parseCatalog", () => {
  it("reads the newer entry shape: aliases, tags, and no maxTokens (outputMax is not maxTokens)", () => {
    expect(parseCatalog({ object: "list", data: [GPT_NEWER] })).toEqual([
      {
        id: "openai/gpt-4o",
        developer: "Open AI",
        contextLength: 128000,
        maxTokens: null,
        name: "GPT-4o",
        description: "Multimodal AI model by OpenAI enhancing human-computer interaction.",
        type: "openai/chat-completions",
        aliases: ["gpt-4o"],
        tags: ["playground:chat", "tier:tier_2"],
        source: "aimlapi",
      },
    ]);
  });

  it("reads a bare array like a list object", () => {
    expect(parseCatalog([GROK, GPT_NEWER])).toEqual(parseCatalog({ data: [GROK, GPT_NEWER] }));
    expect(parseCatalog([GROK])).toHaveLength(1);
  });

  it.each([
    ["null", null],
    ["a string", "models"],
    ["a number", 42],
    ["an object without data", { object: "list" }],
    ["data that is not an array", { data: { models: [] } }],
    ["data null", { data: null }],
  ])("gives an unrecognised empty catalog for %s", (_name, body) => {
    expect(parseCatalogBody(body)).toEqual({ models: [], skipped: 0, recognised: false });
  });

  it("gives a recognised empty catalog for an empty list", () => {
    expect(parseCatalogBody({ data: [] })).toEqual({ models: [], skipped: 0, recognised: true });
  });

  it.each([
    ["null", null],
    ["a string", "openai/gpt-4o"],
    ["an array", ["openai/gpt-4o"]],
    ["no id", { type: "chat-completion", info: {} }],
    ["an empty id", { id: "" }],
    ["a numeric id", { id: 42 }],
    ["info null", { id: "m", info: null }],
    ["info a string", { id: "m", info: "Open AI" }],
    ["aliases a string", { id: "m", aliases: "gpt-4o" }],
    ["aliases null", { id: "m", aliases: null }],
    ["aliases with a number", { id: "m", aliases: ["a", 1] }],
    ["tags an object", { id: "m", tags: { chat: true } }],
    ["type a number", { id: "m", type: 3 }],
    ["developer a number", { id: "m", info: { developer: 1 } }],
    ["contextLength a string", { id: "m", info: { contextLength: "128000" } }],
    ["maxTokens a boolean", { id: "m", info: { maxTokens: true } }],
  ])("skips an entry with %s and keeps the rest", (_name, bad) => {
    const parsed = parseCatalogBody({ data: [GROK, bad, GPT_NEWER] });
    expect(parsed.models.map((m) => m.id)).toEqual([GROK.id, GPT_NEWER.id]);
    expect(parsed.skipped).toBe(1);
  });

  it("drops entries that repeat an earlier id, keeping the first", () => {
    const later = { ...GROK, info: { ...GROK.info, name: "Second copy" } };
    const models = parseCatalog({ data: [GROK, GPT_NEWER, later] });
    expect(models.map((m) => m.id)).toEqual([GROK.id, GPT_NEWER.id]);
    expect(models[0]?.name).toBe("Grok Code Fast 1");
  });

  it.each([
    ["missing info", { id: "m" }],
    ["an empty info", { id: "m", info: {} }],
    ["a null developer", { id: "m", info: { developer: null } }],
    ["an empty developer", { id: "m", info: { developer: "" } }],
  ])("gives defaults for %s, with developer ?", (_name, entry) => {
    expect(parseCatalog([entry])).toEqual([
      {
        id: "m",
        developer: "?",
        contextLength: null,
        maxTokens: null,
        name: null,
        description: null,
        type: null,
        aliases: [],
        tags: [],
        source: "aimlapi",
      },
    ]);
  });

  it.each([
    [undefined, null],
    [null, null],
    [0, null],
    [-1, null],
    [1.5, null],
    [Number.POSITIVE_INFINITY, null],
    [1, 1],
    [256000, 256000],
  ])("reads a length of %s as %s", (length, expected) => {
    const [model] = parseCatalog([{ id: "m", info: { contextLength: length, maxTokens: length } }]);
    expect(model?.contextLength).toBe(expected);
    expect(model?.maxTokens).toBe(expected);
  });

  it("never throws on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        expect(Array.isArray(parseCatalog(body))).toBe(true);
        expect(Array.isArray(parseCatalog({ data: [body] }))).toBe(true);
      }),
    );
  });

  it("keeps exactly the well-formed entries with new ids, in order", () => {
    const wellFormed = fc.record(
      {
        id: fc.constantFrom("a", "b", "c", "openai/gpt-4o", "x-ai/grok-4"),
        type: fc.option(fc.string(), { nil: undefined }),
        aliases: fc.array(fc.string(), { maxLength: 3 }),
        info: fc.record({ developer: fc.string(), contextLength: fc.nat() }, { requiredKeys: [] }),
      },
      { requiredKeys: ["id"] },
    );
    const malformed = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.record({ id: fc.integer() }),
      fc.record({ id: fc.constant("bad"), info: fc.constant(null) }),
      fc.record({ id: fc.constant("bad"), aliases: fc.string() }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            wellFormed.map((e) => ({ ok: true, e })),
            malformed.map((e) => ({ ok: false, e })),
          ),
        ),
        (tagged) => {
          const parsed = parseCatalogBody({ data: tagged.map((t) => t.e) });
          const expectedIds = [
            ...new Set(tagged.filter((t) => t.ok).map((t) => (t.e as { id: string }).id)),
          ];
          expect(parsed.models.map((m) => m.id)).toEqual(expectedIds);
          expect(parsed.skipped).toBe(tagged.filter((t) => !t.ok).length);
        },
      ),
    );
  });
});
