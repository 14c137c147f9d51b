import { describe, expect, it } from "vitest";
import { invalidateCatalog } from "../src/invalidate-catalog.js";
import { listModels } from "../src/list-models.js";

describe("default vendor addresses of the catalog", () => {
  it("asks AIMLAPI, then each vendor's own model list, at their documented addresses", async () => {
    const calls: string[] = [];
    const offline = (async (input: Parameters<typeof fetch>[0]) => {
      calls.push(String(input));
      return new Response('{"error":"offline"}', { status: 503 });
    }) as typeof fetch;
    invalidateCatalog();
    const models = await listModels({
      fetch: offline,
      apiKeys: { openai: "sk-test-openai", deepseek: "sk-test-deepseek", xai: "xai-test" },
      logger: { warn: () => {} },
    });
    invalidateCatalog();
    expect(models).toEqual([]);
    expect(calls).toEqual([
      "https://api.aimlapi.com/models",
      "https://api.openai.com/v1/models",
      "https://api.deepseek.com/models",
      "https://api.x.ai/v1/models",
    ]);
  });
});
