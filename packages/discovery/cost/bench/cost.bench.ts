// Aggregation cost of the cost lookups against fake vendors on 127.0.0.1.
// Run with `pnpm --filter @discovery/cost bench` after building (imports dist).

import { silentLogger } from "@discovery/core";
import { fetchOpenAICostBuckets, fetchXaiCostBuckets } from "@discovery/cost";
import {
  makeOpenAICostBuckets,
  makeXaiUsageGroups,
  openAICostsPageToken,
  startFakeOpenAICosts,
  startFakeXaiUsage,
} from "@discovery/testing";
import { reportBench } from "@repo/bench";

const ROUNDS = 7;
const TARGET_RATIO = 3;
const ADMIN_KEY = "sk-admin-bench";
const MGMT_KEY = "bench-management-key";
const TEAM = "team-bench";

async function median(run: () => Promise<unknown> | unknown): Promise<number> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

function report(
  name: string,
  ms: number,
  items: number,
  unit: string,
  baselines: [string, number][],
) {
  const perSecond = Math.round((items / ms) * 1000);
  console.log(
    `${name}: ${ms.toFixed(1)} ms median of ${ROUNDS}, ${perSecond.toLocaleString("en-US")} ${unit}/s`,
  );
  for (const [label, baseMs] of baselines) {
    console.log(`  vs ${label}: ${baseMs.toFixed(1)} ms, ratio ${(ms / baseMs).toFixed(2)}`);
  }
}

let failed = false;

// OpenAI: 20 pages x 180 daily buckets, 3 grouped results each.
{
  const PAGES = 20;
  const LIMIT = 180;
  const start = 1_700_000_000;
  const buckets = makeOpenAICostBuckets({
    count: PAGES * LIMIT,
    startTime: start,
    resultsPerBucket: 3,
  });
  await using server = await startFakeOpenAICosts({ adminKey: ADMIN_KEY, buckets });
  const base = `${server.url}/v1/organization/costs?start_time=${start}&limit=${LIMIT}&bucket_width=1d`;
  const urls = Array.from({ length: PAGES }, (_, i) =>
    i === 0 ? base : `${base}&page=${encodeURIComponent(openAICostsPageToken(i * LIMIT))}`,
  );
  const headers = { authorization: `Bearer ${ADMIN_KEY}` };
  const bodies: string[] = [];
  for (const url of urls) bodies.push(await (await fetch(url, { headers })).text());

  let count = 0;
  const ours = await median(async () => {
    const result = await fetchOpenAICostBuckets({
      startTime: start,
      limit: LIMIT,
      adminKey: ADMIN_KEY,
      baseUrl: server.url,
      logger: silentLogger,
    });
    count = result.length;
  });
  if (count !== PAGES * LIMIT) {
    console.error(`OpenAI: expected ${PAGES * LIMIT} buckets, got ${count}`);
    failed = true;
  }
  const fetchAndParse = await median(async () => {
    for (const url of urls) JSON.parse(await (await fetch(url, { headers })).text());
  });
  const parseOnly = await median(() => {
    for (const body of bodies) JSON.parse(body);
  });
  const mb = bodies.reduce((sum, body) => sum + body.length, 0) / 1e6;
  console.log(
    `OpenAI costs: ${PAGES} pages x ${LIMIT} buckets x 3 results (${mb.toFixed(1)} MB of JSON)`,
  );
  report("  fetchOpenAICostBuckets", ours, count, "buckets", [
    ["the same 20 requests with fetch + JSON.parse", fetchAndParse],
    ["JSON.parse alone of the same bodies", parseOnly],
  ]);
  reportBench({
    figure: "fetchOpenAICostBuckets, 20 pages",
    value: `${ours.toFixed(1)} ms`,
    baseline: `fetch + JSON.parse ${fetchAndParse.toFixed(1)} ms`,
    ratio: ours / fetchAndParse,
    target: `<= ${TARGET_RATIO}x`,
    met: ours / fetchAndParse <= TARGET_RATIO,
  });
}

// xAI: 50 groups x 365 days in one response.
{
  const GROUPS = 50;
  const DAYS = 365;
  await using server = await startFakeXaiUsage({
    managementKey: MGMT_KEY,
    teamId: TEAM,
    groups: makeXaiUsageGroups(GROUPS, DAYS),
  });
  const url = `${server.url}/v1/billing/teams/${TEAM}/usage`;
  const init = {
    method: "POST",
    headers: { authorization: `Bearer ${MGMT_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      analyticsRequest: {
        timeRange: {
          startTime: "2025-01-01 00:00:00",
          endTime: "2026-01-01 00:00:00",
          timezone: "Etc/GMT",
        },
        timeUnit: "TIME_UNIT_DAY",
        values: [{ name: "usd", aggregation: "AGGREGATION_SUM" }],
        groupBy: ["description"],
        filters: [],
      },
    }),
  };
  const body = await (await fetch(url, init)).text();

  let count = 0;
  const ours = await median(async () => {
    const result = await fetchXaiCostBuckets({
      startTime: "2025-01-01T00:00:00Z",
      endTime: "2026-01-01T00:00:00Z",
      managementKey: MGMT_KEY,
      teamId: TEAM,
      baseUrl: server.url,
      logger: silentLogger,
    });
    count = result.length;
  });
  if (count !== DAYS) {
    console.error(`xAI: expected ${DAYS} buckets, got ${count}`);
    failed = true;
  }
  const fetchAndParse = await median(async () => {
    JSON.parse(await (await fetch(url, init)).text());
  });
  const parseOnly = await median(() => JSON.parse(body));
  console.log(
    `xAI usage: ${GROUPS} groups x ${DAYS} days (${GROUPS * DAYS} points, ${(body.length / 1e6).toFixed(1)} MB of JSON)`,
  );
  report("  fetchXaiCostBuckets", ours, GROUPS * DAYS, "points", [
    ["the same request with fetch + JSON.parse", fetchAndParse],
    ["JSON.parse alone of the same body", parseOnly],
  ]);
  reportBench({
    figure: "fetchXaiCostBuckets, 50 groups x 365 days",
    value: `${ours.toFixed(1)} ms`,
    baseline: `fetch + JSON.parse ${fetchAndParse.toFixed(1)} ms`,
    ratio: ours / fetchAndParse,
    target: `<= ${TARGET_RATIO}x`,
    met: ours / fetchAndParse <= TARGET_RATIO,
  });
}

if (failed) process.exitCode = 1;
