import {
  aimlapiCapture,
  defaultOpenAIProtocolModels,
  type FakeAimlapi,
  type FakeOpenAIModels,
} from "@discovery/testing";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useFakeCatalogServers } from "../test/fake-catalog-servers.js";
import { safeGetModelInfo } from "./get-model-info.js";
import { safeListModels } from "./list-models.js";

let aimlapi: FakeAimlapi;
let vendors: FakeOpenAIModels;

useFakeCatalogServers(undefined, (started) => {
  ({ aimlapi, vendors } = started);
});
beforeEach(() => {
  aimlapi.setModels(aimlapiCapture().data);
  vendors.setModels("openai", defaultOpenAIProtocolModels("openai"));
});

const silent = { warn() {} };
const opts = () => ({ baseUrl: aimlapi.url, fallbackBaseUrls: vendors.baseUrls, logger: silent });

describe("safeListModels", () => {
  it("gives the catalog and a null error when the aggregator answers", async () => {
    const { data, error } = await safeListModels(opts());
    expect(error).toBeNull();
    expect(data).toHaveLength(aimlapiCapture().data.length);
  });

  it("tells a failed catalog from an empty answer: the aggregator's error beside the fallback", async () => {
    aimlapi.failAll({ status: 503, json: {} });
    vi.stubEnv("OPENAI_API_KEY", vendors.keys.openai);
    const { data, error } = await safeListModels({ ...opts(), provider: "openai" });
    expect(error).toMatchObject({ code: "http_error", status: 503 });
    expect(data.map((model) => model.source)).toEqual(
      defaultOpenAIProtocolModels("openai").map(() => "openai"),
    );
  });

  it("reports a body of the wrong shape as invalid_shape", async () => {
    aimlapi.failAll({ json: { models: [] } });
    const { data, error } = await safeListModels(opts());
    expect(data).toEqual([]);
    expect(error?.code).toBe("invalid_shape");
  });

  it("reports a provider that is not a string as invalid_argument", async () => {
    const { error } = await safeListModels({ ...opts(), provider: 5 as never });
    expect(error?.code).toBe("invalid_argument");
  });
});

describe("safeGetModelInfo", () => {
  it("finds a model with a null error, and says when the catalog could not be read", async () => {
    expect(await safeGetModelInfo("gpt-4o-mini", opts())).toMatchObject({
      data: { id: "gpt-4o-mini" },
      error: null,
    });
    aimlapi.failAll({ status: 500, json: {} });
    const missing = await safeGetModelInfo("gpt-4o-mini", { ...opts(), ttlSeconds: 0 });
    expect(missing.data).toBeNull();
    expect(missing.error?.code).toBe("http_error");
  });
});
