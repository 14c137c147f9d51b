import { startFakeServer } from "@discovery/testing";
import { describe, expect, it } from "vitest";
import { fetchDeepSeekBalance } from "../src/fetch-deepseek-balance.js";
import { fetchOpenAICostBuckets } from "../src/fetch-openai-cost-buckets.js";
import { fetchXaiCostBuckets } from "../src/fetch-xai-cost-buckets.js";
import { recordingLogger } from "./capture.js";

/** A `fetch` that records each URL and method and answers 503 without touching the network. */
function offlineFetch(): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const recording = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)}`);
    return new Response('{"error":"offline"}', { status: 503 });
  };
  return Object.assign(recording, { calls });
}

describe("default vendor addresses of the cost lookups", () => {
  it("asks each vendor's documented address when no baseUrl is given", async () => {
    const openai = offlineFetch();
    await fetchOpenAICostBuckets({
      startTime: 1_730_419_200,
      adminKey: "sk-admin-test-0123456789",
      fetch: openai,
      logger: recordingLogger(),
    });
    expect(openai.calls).toHaveLength(1);
    expect(openai.calls[0]).toMatch(
      /^GET https:\/\/api\.openai\.com\/v1\/organization\/costs\?start_time=1730419200&/,
    );

    const xai = offlineFetch();
    await fetchXaiCostBuckets({
      startTime: "2026-05-01T00:00:00Z",
      endTime: "2026-05-09T00:00:00Z",
      managementKey: "xai-mgmt-test-0123456789",
      teamId: "team-123",
      fetch: xai,
      logger: recordingLogger(),
    });
    expect(xai.calls).toEqual(["POST https://management-api.x.ai/v1/billing/teams/team-123/usage"]);

    const deepseek = offlineFetch();
    await fetchDeepSeekBalance({
      apiKey: "sk-deepseek-test-0123456789",
      fetch: deepseek,
      logger: recordingLogger(),
    });
    expect(deepseek.calls).toEqual(["GET https://api.deepseek.com/user/balance"]);
  });
});

describe("OpenAI cost paging", () => {
  it("takes a page without has_more as the last one, even when it names a next_page", async () => {
    const bucket = (start: number) => ({
      object: "bucket",
      start_time: start,
      end_time: start + 86_400,
      results: [{ object: "organization.costs.result", amount: { value: 0.5, currency: "usd" } }],
    });
    await using server = await startFakeServer((request) => ({
      json: {
        object: "page",
        data: [bucket(request.query.has("page") ? 1_730_505_600 : 1_730_419_200)],
        next_page: "cursor-2",
      },
    }));
    const logger = recordingLogger();
    const buckets = await fetchOpenAICostBuckets({
      startTime: 1_730_419_200,
      adminKey: "sk-admin-test-0123456789",
      baseUrl: server.url,
      logger,
    });
    expect(server.requests).toHaveLength(1);
    expect(buckets.map((b) => [b.startTime, b.totalUsd])).toEqual([[1_730_419_200, 0.5]]);
  });
});
