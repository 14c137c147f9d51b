import { aimlapiCapture, type FakeAimlapi, type FakeOpenAIModels } from "@discovery/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { useFakeCatalogServers } from "../test/fake-catalog-servers.js";
import type { CatalogOptions } from "./catalog-options.js";
import { getModelInfo } from "./get-model-info.js";
import { invalidateCatalog } from "./invalidate-catalog.js";
import { isModelSupported } from "./is-model-supported.js";

let aimlapi: FakeAimlapi;
let vendors: FakeOpenAIModels;

const NEWER_ENTRY = {
  id: "openai/gpt-4o",
  type: "openai/chat-completions",
  aliases: ["gpt-4o", "gpt-4o-2024-08-06"],
  tags: ["playground:chat"],
  info: { name: "GPT-4o", developer: "Open AI", contextLength: 128000, outputMax: 16384 },
};

useFakeCatalogServers(undefined, (started) => {
  ({ aimlapi, vendors } = started);
});
beforeEach(() => {
  aimlapi.setModels(aimlapiCapture().data);
});

/** Options pointing every address at the fake servers; the logger keeps stderr quiet. */
function opts(extra: CatalogOptions = {}): CatalogOptions {
  return {
    baseUrl: aimlapi.url,
    fallbackBaseUrls: vendors.baseUrls,
    logger: { warn: () => {} },
    ...extra,
  };
}

describe("isModelSupported", () => {
  it.each([
    ["openai/gpt-4o", true],
    ["gpt-4o-mini", true],
    ["x-ai/grok-code-fast-1", true],
    ["deepseek/deepseek-chat-v3.1", true],
    ["voyage-2", true],
    ["claude-sonnet-4-5-20250929", true],
    // bare ids that the January 2026 capture does not carry
    ["gpt-4o", false],
    ["grok-4", false],
    ["claude-opus-4-7", false],
    ["deepseek-v4-flash", false],
    // exact and case-sensitive
    ["OpenAI/GPT-4o", false],
    [" openai/gpt-4o", false],
    ["", false],
  ])("answers %j with %s against the real capture", async (id, expected) => {
    expect(await isModelSupported(id, opts())).toBe(expected);
  });

  it("matches an alias of the newer entry shape", async () => {
    aimlapi.setModels([NEWER_ENTRY]);
    expect(await isModelSupported("gpt-4o", opts())).toBe(true);
    expect(await isModelSupported("gpt-4o-2024-08-06", opts())).toBe(true);
    expect(await isModelSupported("openai/gpt-4o", opts())).toBe(true);
    expect(await isModelSupported("gpt-4o-mini", opts())).toBe(false);
  });

  it("fetches the catalog once for many lookups, including concurrent ones", async () => {
    const ids = aimlapiCapture().data.map((e) => e.id);
    const answers = await Promise.all(ids.map((id) => isModelSupported(id, opts())));
    expect(answers.every(Boolean)).toBe(true);
    expect(await isModelSupported("unknown", opts())).toBe(false);
    expect(aimlapi.modelListRequests()).toBe(1);
  });

  it("refetches with ttlSeconds 0", async () => {
    await isModelSupported("voyage-2", opts());
    await isModelSupported("voyage-2", opts({ ttlSeconds: 0 }));
    expect(aimlapi.modelListRequests()).toBe(2);
  });

  it("sees a new catalog after invalidateCatalog()", async () => {
    expect(await isModelSupported("brand-new", opts())).toBe(false);
    aimlapi.setModels([{ id: "brand-new" }]);
    expect(await isModelSupported("brand-new", opts())).toBe(false);
    invalidateCatalog();
    expect(await isModelSupported("brand-new", opts())).toBe(true);
  });

  it("answers from the fallback lists when the aggregator is down", async () => {
    aimlapi.failAll({ status: 502 });
    const keyed = opts({ apiKeys: { ...vendors.keys } });
    expect(await isModelSupported("gpt-4o", keyed)).toBe(true);
    expect(await isModelSupported("deepseek-reasoner", keyed)).toBe(true);
    expect(await isModelSupported("grok-4-0709", keyed)).toBe(true);
    expect(await isModelSupported("claude-opus-4-7", keyed)).toBe(false);
  });

  it("answers false when the aggregator is down and no vendor has a key", async () => {
    aimlapi.failAll({ body: "not json" });
    expect(await isModelSupported("openai/gpt-4o", opts())).toBe(false);
  });

  it.each([undefined, null, 42, {}, ["openai/gpt-4o"]])(
    "answers false for the non-string id %j without a request",
    async (id) => {
      expect(await isModelSupported(id as unknown as string, opts())).toBe(false);
      expect(aimlapi.requests).toHaveLength(0);
    },
  );
});

describe("getModelInfo", () => {
  it("returns the record of an id in the real capture", async () => {
    expect(await getModelInfo("x-ai/grok-code-fast-1", opts())).toEqual({
      id: "x-ai/grok-code-fast-1",
      developer: "X AI",
      contextLength: 256000,
      maxTokens: 255000,
      name: "Grok Code Fast 1",
      description:
        "A speedy and economical reasoning model that excels at agentic coding with function calling and structured outputs.",
      type: "chat-completion",
      aliases: [],
      tags: [],
      source: "aimlapi",
    });
  });

  it("returns the model an alias belongs to", async () => {
    aimlapi.setModels([NEWER_ENTRY]);
    const model = await getModelInfo("gpt-4o", opts());
    expect(model?.id).toBe("openai/gpt-4o");
    expect(model?.maxTokens).toBeNull();
  });

  it("returns null for an unknown or non-string id", async () => {
    expect(await getModelInfo("gpt-4o", opts())).toBeNull();
    expect(await getModelInfo(7 as unknown as string, opts())).toBeNull();
  });

  it("returns a fallback row when the aggregator is down", async () => {
    aimlapi.failAll({ drop: true });
    const model = await getModelInfo("deepseek-chat", opts({ apiKeys: { ...vendors.keys } }));
    expect(model).toMatchObject({
      id: "deepseek-chat",
      developer: "DeepSeek AI",
      source: "deepseek",
    });
  });

  it("returns null rather than throwing when everything fails", async () => {
    aimlapi.failAll({ status: 500 });
    vendors.failAll({ status: 500 });
    expect(await getModelInfo("gpt-4o", opts({ apiKeys: { ...vendors.keys } }))).toBeNull();
  });
});
