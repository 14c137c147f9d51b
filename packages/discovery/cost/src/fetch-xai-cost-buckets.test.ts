import {
  type FakeResponse,
  type FakeServer,
  makeXaiUsageGroups,
  startFakeXaiUsage,
} from "@discovery/testing";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { expectKeyNowhere, recordingLogger } from "../test/capture.js";
import { useFakeVendor } from "../test/fake-vendor.js";
import { type FetchXaiCostBucketsOptions, fetchXaiCostBuckets } from "./fetch-xai-cost-buckets.js";

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

const KEY = "xai-mgmt-test-0123456789abcdefghij";
const TEAM = "team-0123";
let server: FakeServer;

// https://docs.x.ai/docs/management-api, the request body with the product's defaults.
const DOCUMENTED_BODY = {
  analyticsRequest: {
    timeRange: {
      startTime: "2026-05-01 00:00:00",
      endTime: "2026-05-09 00:00:00",
      timezone: "Etc/GMT",
    },
    timeUnit: "TIME_UNIT_DAY",
    values: [{ name: "usd", aggregation: "AGGREGATION_SUM" }],
    groupBy: ["description"],
    filters: [],
  },
};

// https://docs.x.ai/docs/management-api, the documented response.
const DOCUMENTED_RESPONSE = {
  timeSeries: [
    {
      group: ["Chat grok-4-fast-reasoning"],
      groupLabels: ["Chat grok-4-fast-reasoning"],
      dataPoints: [
        { timestamp: "2026-05-01T00:00:00Z", values: [0.1] },
        { timestamp: "2026-05-02T00:00:00Z", values: [0.2] },
      ],
    },
    {
      group: ["Chat grok-3-mini"],
      groupLabels: ["Chat grok-3-mini"],
      dataPoints: [
        { timestamp: "2026-05-01T00:00:00Z", values: [0] },
        { timestamp: "2026-05-02T00:00:00Z", values: [0.45] },
      ],
    },
  ],
  limitReached: false,
};

useFakeVendor(
  () => startFakeXaiUsage({ managementKey: KEY, teamId: TEAM }),
  ["XAI_MANAGEMENT_KEY", "XAI_TEAM_ID"],
  (started) => {
    server = started;
  },
);

function fetchUsage(target: FakeServer, extra: Partial<FetchXaiCostBucketsOptions> = {}) {
  const logger = recordingLogger();
  const result = fetchXaiCostBuckets({
    startTime: "2026-05-01T00:00:00Z",
    endTime: "2026-05-09T00:00:00Z",
    managementKey: KEY,
    teamId: TEAM,
    baseUrl: target.url,
    logger,
    ...extra,
  });
  return { logger, result };
}

describe("fetchXaiCostBuckets", () => {
  it("posts exactly the documented body, in the documented key order, with the documented headers", async () => {
    await fetchUsage(server).result;
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/v1/billing/teams/${TEAM}/usage`);
    expect(request?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toStrictEqual(DOCUMENTED_BODY);
    expect(request?.body).toBe(JSON.stringify(DOCUMENTED_BODY));
  });

  it("builds one bucket per timestamp from the documented response", async () => {
    server.enqueue({ json: DOCUMENTED_RESPONSE });
    const { result, logger } = fetchUsage(server);
    const buckets = await result;
    expect(buckets).toHaveLength(2);
    expect(buckets[0]).toEqual({
      startTime: "2026-05-01T00:00:00Z",
      endTime: "2026-05-01T00:00:00Z",
      totalUsd: 0.1,
      lineItems: [{ description: "Chat grok-4-fast-reasoning", usd: 0.1 }],
      rawBucket: {
        timestamp: "2026-05-01T00:00:00Z",
        dataPoints: [
          {
            group: ["Chat grok-4-fast-reasoning"],
            groupLabels: ["Chat grok-4-fast-reasoning"],
            values: [0.1],
          },
          { group: ["Chat grok-3-mini"], groupLabels: ["Chat grok-3-mini"], values: [0] },
        ],
      },
    });
    expect(buckets[1]?.startTime).toBe("2026-05-02T00:00:00Z");
    expect(buckets[1]?.totalUsd).toBeCloseTo(0.65, 12);
    expect(buckets[1]?.lineItems).toEqual([
      { description: "Chat grok-4-fast-reasoning", usd: 0.2 },
      { description: "Chat grok-3-mini", usd: 0.45 },
    ]);
    expect(logger.lines).toEqual([]);
  });

  it("gets the same buckets from the fake's default groups", async () => {
    server.enqueue({ json: DOCUMENTED_RESPONSE });
    const fromDocs = await fetchUsage(server).result;
    const fromFake = await fetchUsage(server).result;
    expect(fromFake).toEqual(fromDocs);
  });

  it("orders buckets by timestamp, labels unnamed groups `?` and lists only positive values", async () => {
    server.enqueue({
      json: {
        timeSeries: [
          {
            group: ["b"],
            dataPoints: [
              { timestamp: "2026-05-03T00:00:00Z", values: [1, 99] },
              { timestamp: "2026-05-01T00:00:00Z", values: [-0.5] },
            ],
          },
          {
            groupLabels: [],
            dataPoints: [
              { timestamp: "2026-05-02T00:00:00Z", values: [2] },
              { timestamp: "2026-05-01T00:00:00Z" },
            ],
          },
          { groupLabels: ["no points"] },
        ],
      },
    });
    const buckets = await fetchUsage(server).result;
    expect(buckets.map((b) => [b.startTime, b.totalUsd, b.lineItems])).toEqual([
      ["2026-05-01T00:00:00Z", -0.5, []],
      ["2026-05-02T00:00:00Z", 2, [{ description: "?", usd: 2 }]],
      ["2026-05-03T00:00:00Z", 1, [{ description: "?", usd: 1 }]],
    ]);
  });

  it("returns [] for an empty window (`{}`)", async () => {
    await using empty = await startFakeXaiUsage({ managementKey: KEY, teamId: TEAM, groups: [] });
    const { result, logger } = fetchUsage(empty);
    expect(await result).toEqual([]);
    expect(empty.requests).toHaveLength(1);
    expect(logger.lines).toEqual([]);
  });

  it("logs when the vendor reports limitReached, and keeps what came back", async () => {
    await using limited = await startFakeXaiUsage({
      managementKey: KEY,
      teamId: TEAM,
      groups: makeXaiUsageGroups(2, 3),
      limitReached: true,
    });
    const { result, logger } = fetchUsage(limited);
    expect(await result).toHaveLength(3);
    expect(logger.lines).toEqual([expect.stringContaining("limitReached")]);
  });

  it.each([
    ["2026-05-01T00:00:00+00:00", "2026-05-01 00:00:00"],
    ["2026-05-01T12:30:00+02:00", "2026-05-01 12:30:00"],
    ["2026-05-01T00:00:00.123Z", "2026-05-01 00:00:00.123"],
    ["2026-05-01 00:00:00", "2026-05-01 00:00:00"],
    ["2026-05-01", "2026-05-01"],
  ])("sends start time %s as %s", async (input, native) => {
    await fetchUsage(server, { startTime: input }).result;
    const body = JSON.parse(server.requests[0]?.body ?? "{}");
    expect(body.analyticsRequest.timeRange.startTime).toBe(native);
  });

  it("sends the time unit and time zone it is given", async () => {
    const { result } = fetchUsage(server, {
      timeUnit: "TIME_UNIT_HOUR",
      timezone: "America/New_York",
    });
    const buckets = await result;
    const body = JSON.parse(server.requests[0]?.body ?? "{}");
    expect(body.analyticsRequest.timeUnit).toBe("TIME_UNIT_HOUR");
    expect(body.analyticsRequest.timeRange.timezone).toBe("America/New_York");
    expect(buckets.map((bucket) => bucket.startTime)).toEqual([
      "2026-05-01T00:00:00Z",
      "2026-05-01T01:00:00Z",
    ]);
  });

  it("URL-encodes the team id into the path", async () => {
    const team = "team/α 1?";
    await using odd = await startFakeXaiUsage({ managementKey: KEY, teamId: team });
    const buckets = await fetchUsage(odd, { teamId: team }).result;
    expect(odd.requests[0]?.path).toBe("/v1/billing/teams/team%2F%CE%B1%201%3F/usage");
    expect(buckets).toHaveLength(2);
  });

  describe("credentials", () => {
    it("come from XAI_MANAGEMENT_KEY and XAI_TEAM_ID when not passed", async () => {
      vi.stubEnv("XAI_MANAGEMENT_KEY", KEY);
      vi.stubEnv("XAI_TEAM_ID", TEAM);
      const logger = recordingLogger();
      const buckets = await fetchXaiCostBuckets({
        startTime: "2026-05-01",
        endTime: "2026-05-03",
        baseUrl: server.url,
        logger,
      });
      expect(buckets).toHaveLength(2);
      expect(server.requests[0]?.headers["authorization"]).toBe(`Bearer ${KEY}`);
      expectKeyNowhere(KEY, logger.lines, buckets);
    });

    it.each([
      ["the management key", { managementKey: "" }, "management key"],
      ["the team id", { teamId: " " }, "team id"],
    ])("missing %s gives [] and a warning, without a request", async (_, extra, named) => {
      const { result, logger } = fetchUsage(server, extra);
      expect(await result).toEqual([]);
      expect(server.requests).toHaveLength(0);
      expect(logger.lines).toEqual([expect.stringContaining(`no ${named}`)]);
    });
  });

  it.each([
    ["an unknown time unit", { timeUnit: "TIME_UNIT_INVALID" as "TIME_UNIT_DAY" }],
    ["a lowercase time unit", { timeUnit: "day" as "TIME_UNIT_DAY" }],
    ["an unknown time zone", { timezone: "Mars/Olympus_Mons" }],
    ["an empty start time", { startTime: "" }],
    ["a missing end time", { endTime: undefined as unknown as string }],
    ["a zero timeout", { timeout: 0 }],
  ])("refuses %s without a request", async (_, extra) => {
    const { result, logger } = fetchUsage(server, extra);
    expect(await result).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(logger.lines).toEqual([expect.stringContaining("invalid option")]);
  });

  describe("failures give [] and one log line, never the key", () => {
    const faults: [string, FakeResponse][] = [
      ["HTTP 500", { status: 500, json: { code: "Internal", error: "boom" } }],
      ["HTTP 403", { status: 403, json: { code: "Permission denied", error: "no" } }],
      ["malformed JSON", { body: '{"timeSeries": [' }],
      ["a JSON array", { json: [] }],
      ["JSON null", { json: null }],
      ["timeSeries not a list", { json: { timeSeries: {} } }],
      [
        "a string value",
        {
          json: {
            timeSeries: [{ dataPoints: [{ timestamp: "2026-05-01T00:00:00Z", values: ["1"] }] }],
          },
        },
      ],
      [
        "a point without a timestamp",
        { json: { timeSeries: [{ dataPoints: [{ values: [1] }] }] } },
      ],
      ["a dropped connection", { drop: true }],
      ["a timeout", { delayMs: 5000, json: DOCUMENTED_RESPONSE }],
    ];
    it.each(faults)("%s", async (name, fault) => {
      server.enqueue(fault);
      const { result, logger } = fetchUsage(server, timeoutFor(name));
      const buckets = await result;
      expect(buckets).toEqual([]);
      expect(logger.lines).toHaveLength(1);
      expectOwnCause(name, logger.lines[0]!);
      expectKeyNowhere(KEY, logger.lines, buckets);
    });

    it("a wrong management key (the vendor's 401)", async () => {
      const wrong = "xai-mgmt-wrong-000000000000000";
      const { result, logger } = fetchUsage(server, { managementKey: wrong });
      expect(await result).toEqual([]);
      expect(logger.lines).toEqual([expect.stringContaining("HTTP 401")]);
      expectKeyNowhere(wrong, logger.lines, []);
    });

    it("a team the key cannot see (404)", async () => {
      const { result, logger } = fetchUsage(server, { teamId: "someone-else" });
      expect(await result).toEqual([]);
      expect(logger.lines).toEqual([expect.stringContaining("HTTP 404")]);
    });
  });

  it("totals every interval as the sum of its groups' first values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: -100, max: 1000 }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (cents) => {
          const groups = cents.map((row, i) => ({ label: `g${i}`, usd: row.map((c) => c / 100) }));
          await using fake = await startFakeXaiUsage({ managementKey: KEY, teamId: TEAM, groups });
          const buckets = await fetchUsage(fake).result;
          const days = Math.max(...cents.map((row) => row.length));
          expect(buckets).toHaveLength(days);
          buckets.forEach((bucket, day) => {
            const values = groups.flatMap((g) => (day < g.usd.length ? [g.usd[day] ?? 0] : []));
            expect(bucket.totalUsd).toBeCloseTo(
              values.reduce((a, b) => a + b, 0),
              9,
            );
            expect(bucket.lineItems.map((item) => item.usd)).toEqual(values.filter((v) => v > 0));
          });
        },
      ),
      { numRuns: 15 },
    );
  });
});
