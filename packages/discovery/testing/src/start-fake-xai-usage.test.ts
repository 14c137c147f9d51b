import { describe, expect, it } from "vitest";
import { makeXaiUsageGroups, startFakeXaiUsage } from "./start-fake-xai-usage.js";

const KEY = "mgmt-good";
const TEAM = "team-1";

function usage(start: string, end: string, timeUnit = "TIME_UNIT_DAY") {
  return {
    analyticsRequest: {
      timeRange: { startTime: start, endTime: end, timezone: "Etc/GMT" },
      timeUnit,
      values: [{ name: "usd", aggregation: "AGGREGATION_SUM" }],
      groupBy: ["description"],
      filters: [],
    },
  };
}

async function post(url: string, body: unknown, key = KEY, team = TEAM) {
  const response = await fetch(`${url}/v1/billing/teams/${encodeURIComponent(team)}/usage`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe("startFakeXaiUsage", () => {
  it("answers the documented default groups as a dense time series", async () => {
    await using server = await startFakeXaiUsage({ managementKey: KEY, teamId: TEAM });
    const { status, json } = await post(
      server.url,
      usage("2026-05-01 00:00:00", "2026-05-09 00:00:00"),
    );
    expect(status).toBe(200);
    expect(json).toEqual({
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
    });
  });

  it.each([
    ["TIME_UNIT_HOUR", ["2026-05-01T22:00:00Z", "2026-05-01T23:00:00Z", "2026-05-02T00:00:00Z"]],
    ["TIME_UNIT_MONTH", ["2026-05-01T22:00:00Z"]],
    ["TIME_UNIT_NONE", ["2026-05-01T22:00:00Z"]],
  ])("steps by %s and stops at endTime", async (unit, timestamps) => {
    await using server = await startFakeXaiUsage({
      managementKey: KEY,
      teamId: TEAM,
      groups: makeXaiUsageGroups(1, 5),
    });
    const { json } = await post(
      server.url,
      usage("2026-05-01 22:00:00", "2026-05-02 01:00:00", unit),
    );
    expect(json.timeSeries[0].dataPoints.map((p: { timestamp: string }) => p.timestamp)).toEqual(
      timestamps,
    );
  });

  it("answers {} without groups", async () => {
    await using server = await startFakeXaiUsage({ managementKey: KEY, teamId: TEAM, groups: [] });
    expect((await post(server.url, usage("2026-05-01", "2026-05-02"))).json).toEqual({});
  });

  it.each([
    ["a wrong key", usage("2026-05-01", "2026-05-02"), "other", TEAM, 401],
    ["another team", usage("2026-05-01", "2026-05-02"), KEY, "team-2", 404],
    ["a non-JSON body", "{", KEY, TEAM, 400],
    ["an ISO time", usage("2026-05-01T00:00:00Z", "2026-05-02"), KEY, TEAM, 400],
    [
      "an unknown time unit",
      usage("2026-05-01", "2026-05-02", "TIME_UNIT_INVALID"),
      KEY,
      TEAM,
      400,
    ],
  ])("answers %s with xAI's error body", async (_, body, key, team, status) => {
    await using server = await startFakeXaiUsage({ managementKey: KEY, teamId: TEAM });
    const answer = await post(server.url, body, key, team);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ code: expect.any(String), error: expect.any(String) });
  });
});
