import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  makeOpenAICostBuckets,
  openAICostsPageToken,
  startFakeOpenAICosts,
} from "./start-fake-openai-costs.js";

const KEY = "sk-admin-good";
const auth = { authorization: `Bearer ${KEY}` };

describe("startFakeOpenAICosts", () => {
  it("serves the official spec example by default", async () => {
    await using server = await startFakeOpenAICosts({ adminKey: KEY });
    const response = await fetch(`${server.url}/v1/organization/costs?start_time=1730419200`, {
      headers: auth,
    });
    expect(await response.json()).toEqual(
      JSON.parse(
        readFileSync(
          new URL("../fixtures/openai-costs-spec-example.json", import.meta.url),
          "utf8",
        ),
      ),
    );
  });

  it("pages with limit, has_more and next_page over the window", async () => {
    const buckets = makeOpenAICostBuckets({ count: 5, startTime: 1000 });
    await using server = await startFakeOpenAICosts({ adminKey: KEY, buckets });
    const base = `${server.url}/v1/organization/costs?start_time=1000&limit=2&end_time=${1000 + 4 * 86_400}`;
    const first = await (await fetch(base, { headers: auth })).json();
    expect(first).toEqual({
      object: "page",
      data: buckets.slice(0, 2),
      has_more: true,
      next_page: openAICostsPageToken(2),
    });
    const last = await (
      await fetch(`${base}&page=${encodeURIComponent(openAICostsPageToken(2))}`, { headers: auth })
    ).json();
    expect(last).toEqual({
      object: "page",
      data: buckets.slice(2, 4),
      has_more: false,
      next_page: null,
    });
  });

  it("defaults to 7 buckets per page", async () => {
    const buckets = makeOpenAICostBuckets({ count: 9, startTime: 0 });
    await using server = await startFakeOpenAICosts({ adminKey: KEY, buckets });
    const page = await (
      await fetch(`${server.url}/v1/organization/costs?start_time=0`, { headers: auth })
    ).json();
    expect(page.data).toHaveLength(7);
  });

  it("builds grouped buckets with deterministic amounts", () => {
    const [first, second] = makeOpenAICostBuckets({ count: 2, startTime: 0, resultsPerBucket: 2 });
    expect(first).toMatchObject({ start_time: 0, end_time: 86_400 });
    expect(second?.results[1]).toMatchObject({
      object: "organization.costs.result",
      amount: { value: 0.04, currency: "usd" },
      line_item: "model-1, input",
      project_id: "proj_1",
      api_key_id: "key_1",
    });
  });

  it("refuses a wrong admin key with OpenAI's error body", async () => {
    await using server = await startFakeOpenAICosts({ adminKey: KEY });
    const response = await fetch(`${server.url}/v1/organization/costs?start_time=0`, {
      headers: { authorization: "Bearer sk-proj-nope" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: expect.any(String),
        type: "invalid_request_error",
        param: null,
        code: "invalid_api_key",
      },
    });
  });

  it.each([
    ["no start_time", "limit=7", "start_time"],
    ["limit 181", "start_time=0&limit=181", "limit"],
    ["another bucket width", "start_time=0&bucket_width=1h", "bucket_width"],
    ["an unknown group_by", "start_time=0&group_by=model", "group_by"],
    ["a forged cursor", "start_time=0&page=nope", "page"],
  ])("answers %s with 400", async (_, query, param) => {
    await using server = await startFakeOpenAICosts({ adminKey: KEY });
    const response = await fetch(`${server.url}/v1/organization/costs?${query}`, { headers: auth });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: null, message: expect.any(String), param, type: "invalid_request_error" },
    });
  });
});
