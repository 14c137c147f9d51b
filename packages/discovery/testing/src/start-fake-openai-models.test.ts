import { describe, expect, it } from "vitest";
import {
  defaultOpenAIProtocolModels,
  type OpenAIProtocolVendor,
  startFakeOpenAIModels,
} from "./start-fake-openai-models.js";

const VENDORS: OpenAIProtocolVendor[] = ["openai", "deepseek", "xai"];

describe("startFakeOpenAIModels", () => {
  it("exposes each vendor's base address in the real layout under a prefix", async () => {
    await using server = await startFakeOpenAIModels();
    expect(server.baseUrls).toEqual({
      openai: `${server.url}/openai/v1`,
      deepseek: `${server.url}/deepseek`,
      xai: `${server.url}/xai/v1`,
    });
  });

  it.each(VENDORS)("serves the %s list to its bearer key", async (vendor) => {
    await using server = await startFakeOpenAIModels();
    const response = await fetch(`${server.baseUrls[vendor]}/models`, {
      headers: { authorization: `Bearer ${server.keys[vendor]}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: "list",
      data: defaultOpenAIProtocolModels(vendor),
    });
  });

  it("uses the documented row shapes by default", () => {
    for (const row of defaultOpenAIProtocolModels("openai")) {
      expect(row).toMatchObject({ object: "model", owned_by: "system" });
      expect(row).toHaveProperty("created");
    }
    expect(defaultOpenAIProtocolModels("deepseek")).toEqual([
      { id: "deepseek-chat", object: "model", owned_by: "deepseek" },
      { id: "deepseek-reasoner", object: "model", owned_by: "deepseek" },
    ]);
    expect(defaultOpenAIProtocolModels("xai")[0]).toEqual({
      created: 1714521600,
      id: "grok-2",
      object: "model",
      owned_by: "xai",
    });
  });

  it("takes keys and rows per vendor, and changes rows later", async () => {
    await using server = await startFakeOpenAIModels({
      keys: { deepseek: "sk-mine" },
      models: { deepseek: [{ id: "deepseek-v4-flash", object: "model" }] },
    });
    expect(server.keys.deepseek).toBe("sk-mine");
    expect(server.keys.openai).toBe("sk-fake-openai-key");
    const get = () =>
      fetch(`${server.baseUrls.deepseek}/models`, { headers: { authorization: "Bearer sk-mine" } });
    expect(((await (await get()).json()) as { data: unknown }).data).toEqual([
      { id: "deepseek-v4-flash", object: "model" },
    ]);
    server.setModels("deepseek", []);
    expect(((await (await get()).json()) as { data: unknown }).data).toEqual([]);
  });

  it("refuses a wrong OpenAI key with 401 in OpenAI's error shape, masking the key", async () => {
    await using server = await startFakeOpenAIModels();
    const response = await fetch(`${server.baseUrls.openai}/models`, {
      headers: { authorization: "Bearer sk-wrong-key-1234" },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      type: "invalid_request_error",
      param: null,
      code: "invalid_api_key",
    });
    expect(body.error["message"]).toContain("sk-***1234");
    expect(body.error["message"]).not.toContain("sk-wrong-key-1234");
  });

  it("refuses a missing OpenAI key with 401", async () => {
    await using server = await startFakeOpenAIModels();
    const response = await fetch(`${server.baseUrls.openai}/models`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: null } });
  });

  it("refuses a wrong DeepSeek key with 401 in DeepSeek's observed shape", async () => {
    await using server = await startFakeOpenAIModels();
    const response = await fetch(`${server.baseUrls.deepseek}/models`, {
      headers: { authorization: "Bearer sk-nope-abcd" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: "Authentication Fails, Your api key: ****abcd is invalid",
        type: "authentication_error",
        param: null,
        code: "invalid_request_error",
      },
    });
  });

  it("refuses a wrong xAI key with 400 and a plain-string error, or the configured status", async () => {
    await using server = await startFakeOpenAIModels();
    const response = await fetch(`${server.baseUrls.xai}/models`, {
      headers: { authorization: "Bearer xai-wrong" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe("Client specified an invalid argument");
    expect(body.error).toMatch(/^Incorrect API key provided: xa\*\*\*\./);

    await using strict = await startFakeOpenAIModels({ xaiAuthErrorStatus: 401 });
    expect((await fetch(`${strict.baseUrls.xai}/models`)).status).toBe(401);
  });

  it("does not accept one vendor's key for another", async () => {
    await using server = await startFakeOpenAIModels();
    const response = await fetch(`${server.baseUrls.xai}/models`, {
      headers: { authorization: `Bearer ${server.keys.openai}` },
    });
    expect(response.status).toBe(400);
  });

  it("answers 404 to unknown paths and 405 to other methods", async () => {
    await using server = await startFakeOpenAIModels();
    expect((await fetch(`${server.url}/v1/models`)).status).toBe(404);
    expect((await fetch(`${server.baseUrls.openai}/models`, { method: "DELETE" })).status).toBe(
      405,
    );
  });

  it("counts requests per vendor", async () => {
    await using server = await startFakeOpenAIModels();
    await fetch(`${server.baseUrls.openai}/models`);
    await fetch(`${server.baseUrls.xai}/models`);
    await fetch(`${server.baseUrls.xai}/models`);
    expect(server.modelListRequests("openai")).toBe(1);
    expect(server.modelListRequests("deepseek")).toBe(0);
    expect(server.modelListRequests("xai")).toBe(2);
  });
});
