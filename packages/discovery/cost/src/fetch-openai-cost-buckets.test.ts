import {
  type FakeOpenAICostBucket,
  type FakeResponse,
  type FakeServer,
  makeOpenAICostBuckets,
  openAICostsPageToken,
  openAICostsSpecExample,
  startFakeOpenAICosts,
  startFakeServer,
} from "@discovery/testing";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { expectKeyNowhere, recordingFetch, recordingLogger } from "../test/capture.js";
import { useFakeVendor } from "../test/fake-vendor.js";
import {
  type FetchOpenAICostBucketsOptions,
  fetchOpenAICostBuckets,
} from "./fetch-openai-cost-buckets.js";

/**
 * Only the "a timeout" row may end in the timeout: the others get the default timeout, which a
 * loaded machine does not reach, so each fails for the reason its row names (with a short
 * timeout for all of them, a slow machine turned every row into a timeout and still passed).
 */
const timeoutFor = (fault: string) => (fault === "a timeout" ? { timeout: 100 } : {});

function expectOwnCause(fault: string, line: string): void {
  if (fault === "a timeout") expect(line).toContain("no answer within 100 ms");
  else expect(line).not.toContain("no answer within");
}

const KEY = "sk-admin-test-0123456789abcdefghij";
const DAY = 86_400;
const START = 1_730_419_200;
let server: FakeServer;

useFakeVendor(
  () => startFakeOpenAICosts({ adminKey: KEY }),
  ["OPENAI_ADMIN_KEY"],
  (started) => {
    server = started;
  },
);

function fetchCosts(target: FakeServer, extra: Partial<FetchOpenAICostBucketsOptions> = {}) {
  const logger = recordingLogger();
  const fetch = recordingFetch();
  const result = fetchOpenAICostBuckets({
    startTime: START,
    adminKey: KEY,
    baseUrl: target.url,
    logger,
    fetch,
    ...extra,
  });
  return { logger, fetch, result };
}

function page(data: unknown[], nextPage: string | null): FakeResponse {
  return { json: { object: "page", data, has_more: nextPage !== null, next_page: nextPage } };
}

describe("fetchOpenAICostBuckets", () => {
  it("reads the official spec example", async () => {
    const { result, fetch, logger } = fetchCosts(server);
    expect(await result).toEqual([
      {
        startTime: 1_730_419_200,
        endTime: 1_730_505_600,
        totalUsd: 0.06,
        currency: "usd",
        lineItemBreakdown: {},
        projectBreakdown: {},
        apiKeyBreakdown: {},
        rawResults: openAICostsSpecExample().data[0]?.results,
      },
    ]);
    expect(fetch.urls).toEqual([
      `${server.url}/v1/organization/costs?start_time=1730419200&limit=7&bucket_width=1d`,
    ]);
    expect(logger.lines).toEqual([]);
  });

  it("sends only the bearer admin key and no body", async () => {
    await fetchCosts(server).result;
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect(request?.headers["content-type"]).toBeUndefined();
    expect(request?.body).toBe("");
  });

  it("follows next_page with the exact query of every page, and sorts the buckets", async () => {
    // Newest first on the server, so sorting is the client's work.
    const buckets = makeOpenAICostBuckets({ count: 10, startTime: START }).reverse();
    await using paged = await startFakeOpenAICosts({ adminKey: KEY, buckets });
    const end = START + 10 * DAY;
    const { result, fetch } = fetchCosts(paged, {
      limit: 3,
      endTime: end,
      groupBy: ["line_item", "project_id"],
    });
    const got = await result;
    const base = `${paged.url}/v1/organization/costs?start_time=${START}&limit=3&bucket_width=1d&end_time=${end}&group_by=line_item&group_by=project_id`;
    expect(fetch.urls).toEqual([
      base,
      `${base}&page=${encodeURIComponent(openAICostsPageToken(3))}`,
      `${base}&page=${encodeURIComponent(openAICostsPageToken(6))}`,
      `${base}&page=${encodeURIComponent(openAICostsPageToken(9))}`,
    ]);
    // The token carries `=`, which must arrive percent-encoded and decode back intact.
    expect(fetch.urls[1]).toContain("%3D");
    expect(paged.requests.map((request) => request.query.get("page"))).toEqual([
      null,
      openAICostsPageToken(3),
      openAICostsPageToken(6),
      openAICostsPageToken(9),
    ]);
    expect(got.map((bucket) => bucket.startTime)).toEqual(
      Array.from({ length: 10 }, (_, i) => START + i * DAY),
    );
  });

  it("encodes an arbitrary cursor so the server gets it back unchanged", async () => {
    const cursor = "a b/c+d=&e?f#g%";
    await using odd = await startFakeServer((request) =>
      request.query.get("page") === null
        ? page(makeOpenAICostBuckets({ count: 1 }), cursor)
        : page(makeOpenAICostBuckets({ count: 1, startTime: START + DAY }), null),
    );
    const { result, fetch } = fetchCosts(odd);
    expect(await result).toHaveLength(2);
    expect(fetch.urls[1]).toMatch(/&page=a\+b%2Fc%2Bd%3D%26e%3Ff%23g%25$/);
    expect(odd.requests[1]?.query.get("page")).toBe(cursor);
  });

  it("sums cost results into breakdowns by line item, project and API key", async () => {
    server.enqueue(
      page(
        [
          {
            object: "bucket",
            start_time: 1_730_505_600,
            end_time: 1_730_592_000,
            results: [
              {
                object: "organization.costs.result",
                amount: { value: 0.12, currency: "usd" },
                line_item: "gpt-4o-2024-08-06, input",
                project_id: "proj_abc",
                api_key_id: null,
              },
              {
                object: "organization.costs.result",
                amount: { value: 0.05, currency: "usd" },
                line_item: "gpt-4o-2024-08-06, output",
                project_id: "proj_abc",
                api_key_id: "key_1",
              },
              {
                object: "organization.costs.result",
                amount: { value: -0.01, currency: "usd" },
                line_item: "credit",
                project_id: null,
              },
              { object: "organization.usage.result", amount: { value: 99, currency: "usd" } },
            ],
          },
        ],
        null,
      ),
    );
    const [bucket] = await fetchCosts(server, { groupBy: ["line_item", "project_id"] }).result;
    expect(bucket?.totalUsd).toBeCloseTo(0.16, 10);
    expect(bucket?.lineItemBreakdown).toEqual({
      "gpt-4o-2024-08-06, input": 0.12,
      "gpt-4o-2024-08-06, output": 0.05,
      credit: -0.01,
    });
    expect(bucket?.projectBreakdown).toEqual({ proj_abc: 0.12 + 0.05 });
    expect(bucket?.apiKeyBreakdown).toEqual({ key_1: 0.05 });
    expect(bucket?.rawResults).toHaveLength(4);
  });

  it.each([
    ["units and nanos", { units: "1", nanos: 500_000_000 }, 1.5],
    ["numeric units", { units: 2 }, 2],
    ["nanos alone", { nanos: 250_000_000 }, 0.25],
    ["value before units", { value: 0.5, units: "9" }, 0.5],
    ["no amount fields", {}, 0],
  ])("reads an amount given as %s", async (_, amount, expected) => {
    server.enqueue(
      page(
        [
          {
            start_time: START,
            end_time: START + DAY,
            results: [{ object: "organization.costs.result", amount }],
          },
        ],
        null,
      ),
    );
    const [bucket] = await fetchCosts(server).result;
    expect(bucket?.totalUsd).toBe(expected);
    expect(bucket?.currency).toBe("usd");
  });

  it("reads the 2024 `result` array and keeps a reported currency", async () => {
    server.enqueue(
      page(
        [
          {
            start_time: START,
            end_time: START + DAY,
            result: [
              { object: "organization.costs.result", amount: { value: 3, currency: "eur" } },
            ],
          },
          { start_time: START + DAY, end_time: START + 2 * DAY, results: [] },
        ],
        null,
      ),
    );
    const buckets = await fetchCosts(server).result;
    expect(buckets.map((b) => [b.totalUsd, b.currency])).toEqual([
      [3, "eur"],
      [0, "usd"],
    ]);
  });

  it("keeps a `__proto__` line item as a plain key", async () => {
    server.enqueue(
      page(
        [
          {
            start_time: START,
            end_time: START + DAY,
            results: [
              { object: "organization.costs.result", amount: { value: 1 }, line_item: "__proto__" },
            ],
          },
        ],
        null,
      ),
    );
    const [bucket] = await fetchCosts(server).result;
    expect(Object.keys(bucket?.lineItemBreakdown ?? {})).toEqual(["__proto__"]);
    expect(JSON.parse(JSON.stringify(bucket?.lineItemBreakdown))).toEqual(
      JSON.parse('{"__proto__":1}'),
    );
  });

  it("stops at 20 pages and logs that later buckets are missing", async () => {
    const buckets = makeOpenAICostBuckets({ count: 25, startTime: START });
    await using paged = await startFakeOpenAICosts({ adminKey: KEY, buckets });
    const { result, logger } = fetchCosts(paged, { limit: 1 });
    const got = await result;
    expect(paged.requests).toHaveLength(20);
    expect(got.map((bucket) => bucket.startTime)).toEqual(
      buckets.slice(0, 20).map((bucket) => bucket.start_time),
    );
    expect(logger.lines).toEqual([expect.stringContaining("stopped after 20 pages")]);
  });

  it("stops at 20 pages when the vendor repeats the same cursor forever", async () => {
    await using looping = await startFakeServer(() =>
      page(makeOpenAICostBuckets({ count: 1 }), "same-cursor"),
    );
    const { result } = fetchCosts(looping);
    expect(await result).toHaveLength(20);
    expect(looping.requests).toHaveLength(20);
  });

  it("stops when has_more comes without a next_page", async () => {
    server.enqueue({
      json: { data: makeOpenAICostBuckets({ count: 2 }), has_more: true, next_page: null },
    });
    const { result, logger } = fetchCosts(server);
    expect(await result).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
    expect(logger.lines).toEqual([expect.stringContaining("has_more without next_page")]);
  });

  describe("a failing later page keeps the earlier buckets, sorted", () => {
    const faults: [string, FakeResponse][] = [
      ["HTTP 500", { status: 500, json: { error: { message: "boom" } } }],
      [
        "HTTP 429",
        {
          status: 429,
          headers: { "retry-after": "1" },
          json: { error: { code: null, message: "Rate limit", param: null, type: "requests" } },
        },
      ],
      ["malformed JSON", { body: '{"object":"page","data":[' }],
      ["a wrong shape", { json: { object: "page", data: "nope" } }],
      ["a bucket without times", { json: { data: [{ results: [] }], has_more: false } }],
      ["a dropped connection", { drop: true }],
      ["a timeout", { delayMs: 5000, json: { data: [], has_more: false } }],
    ];
    it.each(faults)("%s", async (name, fault) => {
      const firstPage = makeOpenAICostBuckets({ count: 3, startTime: START }).reverse();
      server.enqueue(page(firstPage, openAICostsPageToken(3)), fault);
      const { result, logger } = fetchCosts(server, timeoutFor(name));
      const got = await result;
      expect(server.requests).toHaveLength(2);
      expect(got.map((bucket) => bucket.startTime)).toEqual([START, START + DAY, START + 2 * DAY]);
      expect(logger.lines).toEqual([expect.stringContaining("page 2")]);
      expect(logger.lines[0]).toContain("keeping the 3 buckets");
      expectOwnCause(name, logger.lines[0]!);
      expectKeyNowhere(KEY, logger.lines, got);
    });
  });

  describe("a failing first page gives [] and one log line", () => {
    const faults: [string, FakeResponse][] = [
      ["HTTP 500", { status: 500, json: { error: { message: "boom" } } }],
      ["malformed JSON", { body: "<html>" }],
      ["a JSON array", { json: [] }],
      ["JSON null", { json: null }],
      ["a bucket with a string start_time", { json: { data: [{ start_time: "x", end_time: 1 }] } }],
      ["a dropped connection", { drop: true }],
      ["a timeout", { delayMs: 5000, json: { data: [] } }],
    ];
    it.each(faults)("%s", async (name, fault) => {
      server.enqueue(fault);
      const { result, logger } = fetchCosts(server, timeoutFor(name));
      const got = await result;
      expect(got).toEqual([]);
      expect(logger.lines).toHaveLength(1);
      expectOwnCause(name, logger.lines[0]!);
      expectKeyNowhere(KEY, logger.lines, got);
    });

    it("a wrong admin key (the vendor's 401)", async () => {
      const wrong = "sk-admin-wrong-key-000000000000";
      const { result, logger } = fetchCosts(server, { adminKey: wrong });
      const got = await result;
      expect(got).toEqual([]);
      expect(logger.lines).toEqual([expect.stringContaining("HTTP 401")]);
      expectKeyNowhere(wrong, logger.lines, got);
    });
  });

  describe("admin key", () => {
    it("comes from OPENAI_ADMIN_KEY when the option is missing", async () => {
      vi.stubEnv("OPENAI_ADMIN_KEY", KEY);
      const logger = recordingLogger();
      const got = await fetchOpenAICostBuckets({ startTime: START, baseUrl: server.url, logger });
      expect(got).toHaveLength(1);
      expect(server.requests[0]?.headers["authorization"]).toBe(`Bearer ${KEY}`);
      expectKeyNowhere(KEY, logger.lines, got);
    });

    it("comes from OPENAI_ADMIN_KEY when the option is blank", async () => {
      vi.stubEnv("OPENAI_ADMIN_KEY", KEY);
      expect(await fetchCosts(server, { adminKey: "  " }).result).toHaveLength(1);
    });

    it("missing everywhere gives [] and a warning, without a request", async () => {
      const { result, logger } = fetchCosts(server, { adminKey: "" });
      expect(await result).toEqual([]);
      expect(server.requests).toHaveLength(0);
      expect(logger.lines).toEqual([expect.stringContaining("OPENAI_ADMIN_KEY")]);
    });
  });

  it.each([
    ["a fractional startTime", { startTime: 1.5 }],
    ["a negative startTime", { startTime: -1 }],
    ["a string startTime", { startTime: "1730419200" as unknown as number }],
    ["a fractional endTime", { endTime: START + 0.5 }],
    ["limit 0", { limit: 0 }],
    ["limit 181", { limit: 181 }],
    ["an unknown groupBy value", { groupBy: ["model"] as unknown as ["line_item"] }],
    ["a negative timeout", { timeout: -5 }],
  ])("refuses %s without a request", async (_, extra) => {
    const { result, logger } = fetchCosts(server, extra);
    expect(await result).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(logger.lines).toEqual([expect.stringContaining("invalid option")]);
    expectKeyNowhere(KEY, logger.lines, null);
  });

  it("returns every bucket of any window exactly once, oldest first", async () => {
    const all = makeOpenAICostBuckets({ count: 12, startTime: START, resultsPerBucket: 1 });
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(all),
        fc.integer({ min: 1, max: 5 }),
        async (subset: FakeOpenAICostBucket[], limit) => {
          await using shuffled = await startFakeOpenAICosts({ adminKey: KEY, buckets: subset });
          const got = await fetchCosts(shuffled, { limit }).result;
          expect(got.map((bucket) => bucket.startTime)).toEqual(
            subset.map((bucket) => bucket.start_time).sort((a, b) => a - b),
          );
          expect(shuffled.requests).toHaveLength(Math.max(1, Math.ceil(subset.length / limit)));
        },
      ),
      { numRuns: 15 },
    );
  });
});
