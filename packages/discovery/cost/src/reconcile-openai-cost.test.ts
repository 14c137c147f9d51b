import { type FakeServer, makeOpenAICostBuckets, startFakeOpenAICosts } from "@discovery/testing";
import { describe, expect, it } from "vitest";
import { expectKeyNowhere, recordingLogger } from "../test/capture.js";
import { useFakeVendor } from "../test/fake-vendor.js";
import { reconcileOpenAICost } from "./reconcile-openai-cost.js";

const KEY = "sk-admin-reconcile-0123456789abcdef";
const START = 1_730_419_200;
const DAY = 86_400;
let server: FakeServer;

useFakeVendor(
  // Bucket i costs (i + 1) / 100 + 2 * (i + 1) / 100 = 0.03 * (i + 1): 0.03 + 0.06 + 0.09 = 0.18.
  () =>
    startFakeOpenAICosts({
      adminKey: KEY,
      buckets: makeOpenAICostBuckets({ count: 3, startTime: START }),
    }),
  ["OPENAI_ADMIN_KEY"],
  (started) => {
    server = started;
  },
);

describe("reconcileOpenAICost", () => {
  it("compares the billed total with the attributed one over the echoed window", async () => {
    const logger = recordingLogger();
    const result = await reconcileOpenAICost({
      startTime: START,
      endTime: START + 3 * DAY,
      attributedUsd: 0.15,
      adminKey: KEY,
      baseUrl: server.url,
      logger,
    });
    expect(result.vendor).toBe("openai");
    expect(result.actualUsd).toBeCloseTo(0.18, 12);
    expect(result.attributedUsd).toBe(0.15);
    expect(result.driftUsd).toBeCloseTo(0.03, 12);
    expect(result.driftPct).toBeCloseTo(20, 9);
    expect(result.buckets.map((bucket) => bucket.startTime)).toEqual([
      START,
      START + DAY,
      START + 2 * DAY,
    ]);
    expect(result.windowStart).toBe(START);
    expect(result.windowEnd).toBe(START + 3 * DAY);
    expect(Object.keys(result)).toEqual([
      "vendor",
      "actualUsd",
      "attributedUsd",
      "driftUsd",
      "driftPct",
      "driftReason",
      "buckets",
      "windowStart",
      "windowEnd",
    ]);
    expectKeyNowhere(KEY, logger.lines, result);
  });

  it("has no drift and a null window end when neither is given", async () => {
    const result = await reconcileOpenAICost({
      startTime: START,
      adminKey: KEY,
      baseUrl: server.url,
      logger: recordingLogger(),
    });
    expect(result).toMatchObject({
      attributedUsd: null,
      driftUsd: null,
      driftPct: null,
      driftReason: "no_attribution",
      windowStart: START,
      windowEnd: null,
    });
    expect(result.buckets).toHaveLength(3);
  });

  it("reports no drift, with the reason, when the lookup failed, never throwing", async () => {
    server.failAll({ status: 500, json: { error: { message: "down" } } });
    const logger = recordingLogger();
    const result = await reconcileOpenAICost({
      startTime: START,
      attributedUsd: 2,
      adminKey: KEY,
      baseUrl: server.url,
      logger,
    });
    expect(result).toEqual({
      vendor: "openai",
      actualUsd: 0,
      attributedUsd: 2,
      driftUsd: null,
      driftPct: null,
      driftReason: "lookup_failed",
      buckets: [],
      windowStart: START,
      windowEnd: null,
    });
    expect(logger.lines).toHaveLength(1);
    expectKeyNowhere(KEY, logger.lines, result);
  });
});
