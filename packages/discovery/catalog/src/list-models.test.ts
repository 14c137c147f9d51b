import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aimlapiCapture,
  defaultOpenAIProtocolModels,
  type FakeAimlapi,
  type FakeOpenAIModels,
  startFakeAimlapi,
} from "@discovery/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { useFakeCatalogServers } from "../test/fake-catalog-servers.js";
import type { CatalogOptions } from "./catalog-options.js";
import { invalidateCatalog } from "./invalidate-catalog.js";
import { listModels } from "./list-models.js";

let aimlapi: FakeAimlapi;
let vendors: FakeOpenAIModels;
let warnings: string[];

useFakeCatalogServers(undefined, (started) => {
  ({ aimlapi, vendors } = started);
});
beforeEach(() => {
  aimlapi.setModels(aimlapiCapture().data);
  aimlapi.setShape("list");
  for (const vendor of ["openai", "deepseek", "xai"] as const) {
    vendors.setModels(vendor, defaultOpenAIProtocolModels(vendor));
  }
  warnings = [];
});

/** Options pointing every address at the fake servers, with a capturing logger. */
function opts(extra: CatalogOptions & { provider?: string | null } = {}) {
  return {
    baseUrl: aimlapi.url,
    fallbackBaseUrls: vendors.baseUrls,
    logger: { warn: (message: string) => warnings.push(message) },
    ...extra,
  };
}

const ALL_KEYS = () => ({ ...vendors.keys });

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function developers(models: { developer: string }[]): Set<string> {
  return new Set(models.map((m) => m.developer));
}

describe("listModels from the aggregator", () => {
  it("lists all 440 models of the real capture from GET /models without a key", async () => {
    const models = await listModels(opts());
    expect(models).toHaveLength(440);
    expect(aimlapi.requests).toHaveLength(1);
    expect(aimlapi.requests[0]?.path).toBe("/models");
    expect(aimlapi.requests[0]?.headers["authorization"]).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it.each([
    ["openai", "Open AI", 64],
    ["anthropic", "Anthropic", 17],
    ["claude", "Anthropic", 17],
    ["google", "Google", 42],
    ["gemini", "Google", 42],
    ["deepseek", "DeepSeek AI", 10],
    ["xai", "X AI", 9],
    ["grok", "X AI", 9],
    ["x-ai", "X AI", 9],
    ["Mistral AI", "Mistral AI", 6],
    ["Open AI", "Open AI", 64],
  ])("filters provider %j to developer %j (%i models)", async (provider, developer, count) => {
    const models = await listModels(opts({ provider }));
    expect(models).toHaveLength(count);
    expect(developers(models)).toEqual(new Set([developer]));
  });

  it("includes the 7 voyage embedding models under anthropic", async () => {
    const voyage = (await listModels(opts({ provider: "anthropic" }))).filter((m) =>
      m.id.startsWith("voyage-"),
    );
    expect(voyage.map((m) => m.id).sort()).toEqual([
      "voyage-2",
      "voyage-code-2",
      "voyage-finance-2",
      "voyage-large-2",
      "voyage-large-2-instruct",
      "voyage-law-2",
      "voyage-multilingual-2",
    ]);
  });

  it("gives the X AI models, all x-ai/ prefixed, for xai and grok alike", async () => {
    const xai = await listModels(opts({ provider: "xai" }));
    const grok = await listModels(opts({ provider: "grok" }));
    expect(grok).toEqual(xai);
    expect(xai.every((m) => m.id.startsWith("x-ai/"))).toBe(true);
    expect(xai.map((m) => m.id)).toContain("x-ai/grok-code-fast-1");
  });

  it("gives an empty list for a provider the catalog does not know, without the fallback", async () => {
    const models = await listModels(opts({ provider: "nobody", apiKeys: ALL_KEYS() }));
    expect(models).toEqual([]);
    expect(vendors.requests).toHaveLength(0);
  });

  it("treats provider null like no provider", async () => {
    expect(await listModels(opts({ provider: null }))).toHaveLength(440);
  });

  it("accepts a bare-array body", async () => {
    aimlapi.setShape("array");
    expect(await listModels(opts())).toHaveLength(440);
  });

  it("skips malformed entries, drops duplicate ids and warns with the count", async () => {
    aimlapi.setModels([
      { id: "good-1", info: { developer: "Open AI" } },
      { id: "bad", info: null },
      "not an object",
      { id: 7 },
      { id: "bad-aliases", aliases: "x" },
      { id: "good-1", info: { developer: "Someone else" } },
      { id: "good-2" },
    ]);
    const models = await listModels(opts());
    expect(models.map((m) => [m.id, m.developer])).toEqual([
      ["good-1", "Open AI"],
      ["good-2", "?"],
    ]);
    expect(warnings).toEqual(["AIMLAPI catalog: skipped 4 entries that could not be parsed"]);
  });

  it("strips trailing slashes from baseUrl", async () => {
    await listModels(opts({ baseUrl: `${aimlapi.url}//` }));
    expect(aimlapi.requests[0]?.path).toBe("/models");
  });

  it("returns a new array each time, so callers cannot edit the cache", async () => {
    const first = await listModels(opts());
    first.length = 0;
    expect(await listModels(opts())).toHaveLength(440);
  });
});

describe("listModels cache", () => {
  it("serves the cached catalog within ttlSeconds (default 24 h)", async () => {
    await listModels(opts());
    await listModels(opts({ provider: "openai" }));
    await listModels(opts({ ttlSeconds: 3600 }));
    expect(aimlapi.modelListRequests()).toBe(1);
  });

  it("refetches every time with ttlSeconds 0", async () => {
    await listModels(opts());
    await listModels(opts({ ttlSeconds: 0 }));
    await listModels(opts({ ttlSeconds: 0 }));
    expect(aimlapi.modelListRequests()).toBe(3);
  });

  it("refetches a catalog older than ttlSeconds", async () => {
    await listModels(opts());
    await new Promise((resolve) => setTimeout(resolve, 30));
    await listModels(opts({ ttlSeconds: 0.001 }));
    expect(aimlapi.modelListRequests()).toBe(2);
  });

  it("refetches after invalidateCatalog()", async () => {
    await listModels(opts());
    invalidateCatalog();
    aimlapi.setModels([{ id: "only-one" }]);
    expect((await listModels(opts())).map((m) => m.id)).toEqual(["only-one"]);
    expect(aimlapi.modelListRequests()).toBe(2);
  });

  it("invalidates a single aggregator by baseUrl", async () => {
    await using other = await startFakeAimlapi({ models: [{ id: "other" }] });
    await listModels(opts());
    await listModels(opts({ baseUrl: other.url }));
    invalidateCatalog({ baseUrl: `${other.url}/` });
    await listModels(opts());
    await listModels(opts({ baseUrl: other.url }));
    expect(aimlapi.modelListRequests()).toBe(1);
    expect(other.modelListRequests()).toBe(2);
  });

  it("keeps one catalog per aggregator address", async () => {
    await using other = await startFakeAimlapi({ models: [{ id: "other" }] });
    expect(await listModels(opts())).toHaveLength(440);
    expect((await listModels(opts({ baseUrl: other.url }))).map((m) => m.id)).toEqual(["other"]);
    expect(await listModels(opts())).toHaveLength(440);
  });

  it("shares one fetch between concurrent callers", async () => {
    aimlapi.enqueue({ delayMs: 100, json: aimlapiCapture() });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => listModels(opts({ provider: i % 2 ? "openai" : null }))),
    );
    expect(aimlapi.modelListRequests()).toBe(1);
    expect(results.map((r) => r.length)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? 64 : 440)),
    );
  });

  it("does not cache a failed fetch: the next call tries the aggregator again", async () => {
    aimlapi.enqueue({ status: 503 });
    expect(await listModels(opts())).toEqual([]);
    expect(await listModels(opts())).toHaveLength(440);
    expect(aimlapi.modelListRequests()).toBe(2);
  });

  it("does not cache an empty catalog", async () => {
    aimlapi.enqueue({ json: { object: "list", data: [] } });
    expect(await listModels(opts())).toEqual([]);
    expect(await listModels(opts())).toHaveLength(440);
  });

  it("does not store a fetch that was running when the cache was invalidated", async () => {
    // The answer is held until the cache was invalidated (a sleep would let a loaded machine
    // finish the fetch first, and the test would pass without a fetch under way).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    const gatedFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      started = true;
      await gate;
      return fetch(input, init);
    }) as typeof fetch;
    aimlapi.enqueue({ json: { data: [{ id: "stale" }] } });
    const before = listModels(opts({ fetch: gatedFetch }));
    await expect.poll(() => started).toBe(true);
    invalidateCatalog();
    release();
    expect((await before).map((m) => m.id)).toEqual(["stale"]);
    expect(await listModels(opts())).toHaveLength(440);
  });
});

describe("listModels fallback", () => {
  it.each([
    ["HTTP 503", { status: 503, json: { error: "down" } }],
    ["HTTP 404", { status: 404 }],
    ["malformed JSON", { body: '{"data": [' }],
    ["an HTML page", { body: "<html>maintenance</html>" }],
    ["a body of the wrong shape", { json: { data: { models: [] } } }],
    ["an empty catalog", { json: { object: "list", data: [] } }],
    ["only unparseable entries", { json: [null, { id: 1 }] }],
    ["a dropped connection", { drop: true }],
  ])("lists the vendor models in order openai, deepseek, xai on %s", async (_name, failure) => {
    aimlapi.failAll(failure);
    const models = await listModels(opts({ apiKeys: ALL_KEYS() }));
    expect(models.map((m) => [m.id, m.source])).toEqual([
      ["gpt-4o", "openai"],
      ["gpt-4o-mini", "openai"],
      ["gpt-5", "openai"],
      ["deepseek-chat", "deepseek"],
      ["deepseek-reasoner", "deepseek"],
      ["grok-2", "xai"],
      ["grok-4-0709", "xai"],
    ]);
    expect(warnings.length).toBeGreaterThan(0);
  });

  it("uses the aggregator on an unreachable address", async () => {
    const models = await listModels(opts({ baseUrl: await closedPortUrl(), apiKeys: ALL_KEYS() }));
    expect(models).toHaveLength(7);
    expect(warnings[0]).toMatch(
      /^AIMLAPI catalog: request failed: cannot reach the server \(ECONNREFUSED: connection refused/,
    );
  });

  it("falls back when the aggregator does not answer within timeout", async () => {
    // The aggregator never answers, so only the 100 ms timeout can end its request; the vendor
    // lists are fetched without the timeout's signal, so a loaded machine cannot time them out.
    const fetchSlowAggregator = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).startsWith(aimlapi.url)) {
        const { signal: _timeout, ...rest } = init ?? {};
        return fetch(input, rest);
      }
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      });
    }) as typeof fetch;
    const models = await listModels(
      opts({ timeout: 100, apiKeys: ALL_KEYS(), fetch: fetchSlowAggregator }),
    );
    expect(models).toHaveLength(7);
    expect(warnings[0]).toBe(
      "AIMLAPI catalog: no answer within 100 ms; falling back to the vendor model lists",
    );
  });

  it("fills fallback rows with the vendor label, the row's object and defaults", async () => {
    aimlapi.failAll({ status: 500 });
    vendors.setModels("openai", [{ id: "gpt-x", object: "model", created: 1, owned_by: "system" }]);
    const [row] = await listModels(opts({ provider: "openai", apiKeys: ALL_KEYS() }));
    expect(row).toEqual({
      id: "gpt-x",
      developer: "Open AI",
      contextLength: null,
      maxTokens: null,
      name: null,
      description: null,
      type: "model",
      aliases: [],
      tags: [],
      source: "openai",
    });
  });

  it("labels each vendor's rows with its developer label", async () => {
    aimlapi.failAll({ status: 500 });
    const models = await listModels(opts({ apiKeys: ALL_KEYS() }));
    const labels = new Map(models.map((m) => [m.source, m.developer]));
    expect(Object.fromEntries(labels)).toEqual({
      openai: "Open AI",
      deepseek: "DeepSeek AI",
      xai: "X AI",
    });
  });

  it("sends each vendor its own key as a bearer token", async () => {
    aimlapi.failAll({ status: 500 });
    await listModels(opts({ apiKeys: ALL_KEYS() }));
    const auth = Object.fromEntries(
      vendors.requests.map((r) => [r.path, r.headers["authorization"]]),
    );
    expect(auth).toEqual({
      "/openai/v1/models": `Bearer ${vendors.keys.openai}`,
      "/deepseek/models": `Bearer ${vendors.keys.deepseek}`,
      "/xai/v1/models": `Bearer ${vendors.keys.xai}`,
    });
  });

  it.each([
    ["openai", ["openai"]],
    ["deepseek", ["deepseek"]],
    ["xai", ["xai"]],
    ["grok", ["xai"]],
  ])("asks only the selected vendor for provider %s", async (provider, sources) => {
    aimlapi.failAll({ status: 500 });
    const models = await listModels(opts({ provider, apiKeys: ALL_KEYS() }));
    expect([...new Set(models.map((m) => m.source))]).toEqual(sources);
    expect(vendors.requests).toHaveLength(1);
  });

  it.each(["anthropic", "claude", "google", "gemini", "Mistral AI", "OpenAI"])(
    "gives nothing for provider %s, which has no fallback list",
    async (provider) => {
      aimlapi.failAll({ status: 500 });
      expect(await listModels(opts({ provider, apiKeys: ALL_KEYS() }))).toEqual([]);
      expect(vendors.requests).toHaveLength(0);
    },
  );

  it("skips vendors without a key and gives an empty list when none has one", async () => {
    aimlapi.failAll({ status: 500 });
    expect(await listModels(opts())).toEqual([]);
    expect(vendors.requests).toHaveLength(0);
    const onlyXai = await listModels(opts({ apiKeys: { xai: vendors.keys.xai, openai: "  " } }));
    expect(onlyXai.map((m) => m.source)).toEqual(["xai", "xai"]);
  });

  it("reads keys from the environment: OPENAI_API_KEY, DEEPSEEK_API_KEY, XAI_API_KEY", async () => {
    aimlapi.failAll({ status: 500 });
    process.env["OPENAI_API_KEY"] = vendors.keys.openai;
    process.env["DEEPSEEK_API_KEY"] = vendors.keys.deepseek;
    process.env["XAI_API_KEY"] = vendors.keys.xai;
    expect(await listModels(opts())).toHaveLength(7);
  });

  it("takes GROK_API_KEY when XAI_API_KEY is unset or blank", async () => {
    aimlapi.failAll({ status: 500 });
    process.env["XAI_API_KEY"] = "";
    process.env["GROK_API_KEY"] = vendors.keys.xai;
    expect((await listModels(opts({ provider: "grok" }))).map((m) => m.id)).toEqual([
      "grok-2",
      "grok-4-0709",
    ]);
  });

  it("prefers XAI_API_KEY over GROK_API_KEY", async () => {
    aimlapi.failAll({ status: 500 });
    process.env["XAI_API_KEY"] = vendors.keys.xai;
    process.env["GROK_API_KEY"] = "wrong";
    expect(await listModels(opts({ provider: "xai" }))).toHaveLength(2);
  });

  it("prefers the apiKeys option over the environment", async () => {
    aimlapi.failAll({ status: 500 });
    process.env["OPENAI_API_KEY"] = "wrong";
    expect(
      await listModels(opts({ provider: "openai", apiKeys: { openai: vendors.keys.openai } })),
    ).toHaveLength(3);
  });

  it("reads the DeepSeek key from the legacy key file last", async () => {
    const dir = mkdtempSync(join(tmpdir(), "catalog-legacy-"));
    try {
      const file = join(dir, ".env");
      writeFileSync(file, `DEEPSEEK_API_KEY="${vendors.keys.deepseek}"\n`);
      process.env["DEEPSEEK_LEGACY_ENV_PATH"] = file;
      aimlapi.failAll({ status: 500 });
      expect(await listModels(opts({ provider: "deepseek" }))).toHaveLength(2);
      process.env["DEEPSEEK_API_KEY"] = "wrong";
      expect(await listModels(opts({ provider: "deepseek" }))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the other vendors when one fails", async () => {
    aimlapi.failAll({ status: 500 });
    const models = await listModels(
      opts({ apiKeys: { ...ALL_KEYS(), deepseek: "sk-wrong-key-9999" } }),
    );
    expect(models.map((m) => m.source)).toEqual(["openai", "openai", "openai", "xai", "xai"]);
    expect(warnings).toContain("DeepSeek model list: HTTP 401");
  });

  it("keeps the other vendors when one is unreachable, slow or malformed", async () => {
    aimlapi.failAll({ status: 500 });
    const closed = await closedPortUrl();
    vendors.setModels("xai", [null, { id: 5 }, { id: "grok-ok", object: "model" }]);
    const models = await listModels(
      opts({
        apiKeys: ALL_KEYS(),
        fallbackBaseUrls: { ...vendors.baseUrls, openai: `${closed}/v1` },
      }),
    );
    expect(models.map((m) => m.id)).toEqual(["deepseek-chat", "deepseek-reasoner", "grok-ok"]);
  });

  it("gives a vendor whose answer is not a list nothing, and warns", async () => {
    aimlapi.failAll({ status: 500 });
    vendors.enqueue({ json: { object: "list" } });
    const models = await listModels(opts({ provider: "openai", apiKeys: ALL_KEYS() }));
    expect(models).toEqual([]);
    expect(warnings).toContain("OpenAI model list: body has no `data` array");
  });

  it("does not cache the fallback", async () => {
    aimlapi.failAll({ status: 500 });
    await listModels(opts({ apiKeys: ALL_KEYS() }));
    await listModels(opts({ apiKeys: ALL_KEYS() }));
    expect(vendors.modelListRequests("openai")).toBe(2);
    expect(aimlapi.modelListRequests()).toBe(2);
  });

  it("never puts a key into a warning", async () => {
    aimlapi.failAll({ status: 500 });
    const secret = "sk-this-must-not-leak-1234567890";
    await listModels(opts({ apiKeys: { openai: secret, deepseek: secret, xai: secret } }));
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).not.toContain(secret);
      expect(warning).not.toContain("127.0.0.1");
    }
  });
});
