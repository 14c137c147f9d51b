import { describe, expect, it } from "vitest";
import { aimlapiCapture, aimlapiCapturePath, startFakeAimlapi } from "./start-fake-aimlapi.js";

describe("aimlapiCapture", () => {
  it("holds the 440 entries of the January 2026 capture in the older shape", () => {
    const capture = aimlapiCapture();
    expect(capture.object).toBe("list");
    expect(capture.data).toHaveLength(440);
    expect(capture.data[0]?.id).toBe("openai/gpt-4o");
    expect(capture.data[0]?.info?.developer).toBe("Open AI");
    expect(Array.isArray(capture.data[0]?.features)).toBe(true);
  });

  it("returns a fresh copy on every call", () => {
    const first = aimlapiCapture();
    first.data.length = 0;
    expect(aimlapiCapture().data).toHaveLength(440);
  });

  it("points at the JSON file it reads", () => {
    expect(aimlapiCapturePath()).toMatch(/fixtures[/\\]aimlapi-models-2026-01\.json$/);
  });
});

describe("startFakeAimlapi", () => {
  it.each(["/models", "/v1/models", "/api/v1/models"])(
    "serves the capture as a list object at %s without a key",
    async (path) => {
      await using server = await startFakeAimlapi();
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { object: string; data: unknown[] };
      expect(body.object).toBe("list");
      expect(body.data).toEqual(aimlapiCapture().data);
    },
  );

  it("serves a bare array when configured", async () => {
    await using server = await startFakeAimlapi({ models: [{ id: "a" }], shape: "array" });
    expect(await (await fetch(`${server.url}/models`)).json()).toEqual([{ id: "a" }]);
  });

  it("serves any JSON values as entries, malformed ones included", async () => {
    const models = [{ id: "ok" }, null, 42, { id: 7 }, { id: "x", info: null }];
    await using server = await startFakeAimlapi({ models });
    expect(await (await fetch(`${server.url}/models`)).json()).toEqual({
      object: "list",
      data: models,
    });
  });

  it("changes entries and body form for later requests", async () => {
    await using server = await startFakeAimlapi({ models: [{ id: "one" }] });
    server.setModels([{ id: "two" }]);
    server.setShape("array");
    expect(await (await fetch(`${server.url}/models`)).json()).toEqual([{ id: "two" }]);
  });

  it("answers 404 to other paths and 405 to other methods", async () => {
    await using server = await startFakeAimlapi({ models: [] });
    expect((await fetch(`${server.url}/model/gpt-4o`)).status).toBe(404);
    expect((await fetch(`${server.url}/models`, { method: "POST" })).status).toBe(405);
  });

  it("counts model-list requests and forgets them on reset", async () => {
    await using server = await startFakeAimlapi({ models: [] });
    await fetch(`${server.url}/models`);
    await fetch(`${server.url}/v1/models`);
    await fetch(`${server.url}/elsewhere`);
    expect(server.modelListRequests()).toBe(2);
    expect(server.requests).toHaveLength(3);
    server.reset();
    expect(server.modelListRequests()).toBe(0);
  });

  it("keeps the shared overrides for outages", async () => {
    await using server = await startFakeAimlapi({ models: [] });
    server.enqueue({ status: 503 });
    expect((await fetch(`${server.url}/models`)).status).toBe(503);
    expect((await fetch(`${server.url}/models`)).status).toBe(200);
  });
});
