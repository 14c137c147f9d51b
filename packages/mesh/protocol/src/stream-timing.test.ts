import { describe, expect, it } from "vitest";
import { STREAM_IDLE_TIMEOUT_MS, STREAM_MISSED_PINGS, STREAM_PING_MS } from "./stream-timing.js";

describe("stream timing", () => {
  it("pings every 15 s and drops a stream after 45 s of silence", () => {
    expect(STREAM_PING_MS).toBe(15_000);
    expect(STREAM_IDLE_TIMEOUT_MS).toBe(45_000);
  });

  it("lets a client miss more than one ping before it reconnects", () => {
    expect(STREAM_MISSED_PINGS).toBeGreaterThan(1);
    expect(STREAM_IDLE_TIMEOUT_MS).toBe(STREAM_MISSED_PINGS * STREAM_PING_MS);
  });
});
