import { type FakeServer, startFakeXaiUsage } from "@discovery/testing";
import { describe, expect, it } from "vitest";
import { expectKeyNowhere, recordingLogger } from "../test/capture.js";
import { useFakeVendor } from "../test/fake-vendor.js";
import { reconcileXaiCost } from "./reconcile-xai-cost.js";

const KEY = "xai-mgmt-reconcile-0123456789abcdef";
const TEAM = "team-reconcile";
let server: FakeServer;

useFakeVendor(
  () =>
    startFakeXaiUsage({
      managementKey: KEY,
      teamId: TEAM,
      groups: [
        { label: "Chat grok-4", usd: [1.25, 0.75] },
        { label: "Image grok-imagine", usd: [0, 2] },
      ],
    }),
  ["XAI_MANAGEMENT_KEY", "XAI_TEAM_ID"],
  (started) => {
    server = started;
  },
);

describe("reconcileXaiCost", () => {
  it("compares the billed total with the attributed one, echoing the window as given", async () => {
    const logger = recordingLogger();
    const result = await reconcileXaiCost({
      startTime: "2026-05-01T00:00:00Z",
      endTime: "2026-05-03T00:00:00+00:00",
      attributedUsd: 5,
      managementKey: KEY,
      teamId: TEAM,
      baseUrl: server.url,
      logger,
    });
    expect(result).toMatchObject({
      vendor: "xai",
      actualUsd: 4,
      attributedUsd: 5,
      driftUsd: -1,
      driftPct: -20,
      windowStart: "2026-05-01T00:00:00Z",
      windowEnd: "2026-05-03T00:00:00+00:00",
    });
    expect(result.buckets.map((bucket) => bucket.totalUsd)).toEqual([1.25, 2.75]);
    expectKeyNowhere(KEY, logger.lines, result);
    expectKeyNowhere(TEAM, [], result);
  });

  it("has no drift without an attributed total", async () => {
    const result = await reconcileXaiCost({
      startTime: "2026-05-01",
      endTime: "2026-05-03",
      managementKey: KEY,
      teamId: TEAM,
      baseUrl: server.url,
      logger: recordingLogger(),
    });
    expect(result).toMatchObject({
      actualUsd: 4,
      attributedUsd: null,
      driftUsd: null,
      driftPct: null,
    });
  });

  it("reports no drift, with the reason, for missing credentials, without a request", async () => {
    const logger = recordingLogger();
    const result = await reconcileXaiCost({
      startTime: "2026-05-01",
      endTime: "2026-05-03",
      attributedUsd: 1,
      baseUrl: server.url,
      logger,
    });
    expect(result).toEqual({
      vendor: "xai",
      actualUsd: 0,
      attributedUsd: 1,
      driftUsd: null,
      driftPct: null,
      driftReason: "lookup_failed",
      buckets: [],
      windowStart: "2026-05-01",
      windowEnd: "2026-05-03",
    });
    expect(server.requests).toHaveLength(0);
    expect(logger.lines).toHaveLength(1);
  });
});
