import type { FakeAimlapi, FakeOpenAIModels } from "@discovery/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useFakeCatalogServers } from "../test/fake-catalog-servers.js";
import type { CatalogOptions } from "./catalog-options.js";
import { getModelInfo } from "./get-model-info.js";
import { invalidateCatalog } from "./invalidate-catalog.js";
import { isModelSupported } from "./is-model-supported.js";
import { listModels } from "./list-models.js";

// Options of the wrong type, as plain JavaScript callers can pass them: every lookup must
// resolve (never throw or reject) whatever it is given.

let aimlapi: FakeAimlapi;
let vendors: FakeOpenAIModels;

useFakeCatalogServers(
  { models: [{ id: "openai/gpt-4o", aliases: ["gpt-4o"], info: { developer: "Open AI" } }] },
  (started) => {
    ({ aimlapi, vendors } = started);
  },
);
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const asOptions = (value: unknown) => value as CatalogOptions;

describe("catalog lookups with options of the wrong type", () => {
  it.each([null, 5, "x"])("resolve with options %j instead of throwing", async (options) => {
    // These options cannot point at the fake: answer the default address without leaving the machine.
    const fetch = vi.fn(async () => new Response("unavailable", { status: 503 }));
    vi.stubGlobal("fetch", fetch);
    await expect(listModels(asOptions(options))).resolves.toBeInstanceOf(Array);
    await expect(isModelSupported("x", asOptions(options))).resolves.toBeTypeOf("boolean");
    await expect(getModelInfo("x", asOptions(options))).resolves.toBeNull();
    expect(() => invalidateCatalog(asOptions(options))).not.toThrow();
    expect(fetch).toHaveBeenCalled();
  });

  it.each([5, {}, { warn: "no" }])("fall back to the console for logger %j", async (logger) => {
    aimlapi.failAll({ status: 503 });
    const options = asOptions({ baseUrl: aimlapi.url, logger, ttlSeconds: 0 });
    await expect(listModels(options)).resolves.toEqual([]);
    await expect(isModelSupported("gpt-4o", options)).resolves.toBe(false);
    await expect(getModelInfo("gpt-4o", options)).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it("does not throw when the logger itself throws", async () => {
    aimlapi.failAll({ status: 503 });
    const logger = {
      warn() {
        throw new Error("broken logger");
      },
    };
    await expect(listModels({ baseUrl: aimlapi.url, logger, ttlSeconds: 0 })).resolves.toEqual([]);
  });

  it.each([5, {}, ["openai"]])("gives no models for a provider of type %j", async (provider) => {
    const options = { baseUrl: aimlapi.url, provider: provider as unknown as string };
    await expect(listModels(options)).resolves.toEqual([]);
  });
});

describe("fallback model lists", () => {
  it("redact a key the vendor echoes in a row", async () => {
    aimlapi.failAll({ status: 503 });
    vendors.setModels("openai", [{ id: `echo-${vendors.keys.openai}`, object: "model" }]);
    const models = await listModels({
      baseUrl: aimlapi.url,
      provider: "openai",
      fallbackBaseUrls: vendors.baseUrls,
      apiKeys: vendors.keys,
      logger: { warn() {} },
    });
    expect(models.map((m) => m.id)).toEqual(["echo-[REDACTED]"]);
  });
});
