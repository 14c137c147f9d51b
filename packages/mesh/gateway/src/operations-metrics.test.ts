import { Registry } from "prom-client";
import { expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import {
  type MessageBacklog,
  processMetrics,
  registerOperationsMetrics,
} from "./operations-metrics.js";

function setUp() {
  const registry = new Registry();
  const state = {
    dropped: 0,
    peers: { enabled: 0, disabled: 0 },
    backlog: { unread: 0, undelivered: 0, oldestUnread: [] } as MessageBacklog,
    backlogReads: 0,
  };
  registerOperationsMetrics(registry, {
    droppedLogLines: () => state.dropped,
    peers: async () => state.peers,
    backlog: async () => {
      state.backlogReads += 1;
      return state.backlog;
    },
  });
  return { registry, state };
}

it("exposes dropped log lines as a counter that follows the running total", async () => {
  const { registry, state } = setUp();
  const value = async () => {
    const text = await registry.metrics();
    expect(text).toContain("# TYPE mesh_gateway_log_lines_dropped_total counter");
    return Number(/^mesh_gateway_log_lines_dropped_total (\d+)$/m.exec(text)?.[1]);
  };
  expect(await value()).toBe(0);
  state.dropped = 5;
  expect(await value()).toBe(5);
  expect(await value()).toBe(5);
  state.dropped = 12;
  expect(await value()).toBe(12);
});

it("names the gateway version and the Node release in mesh_gateway_build_info", async () => {
  const text = await setUp().registry.metrics();
  expect(text).toContain(
    `mesh_gateway_build_info{version="${pkg.version}",node="${process.version}"} 1`,
  );
});

it("reads the peers by state at each scrape", async () => {
  const { registry, state } = setUp();
  state.peers = { enabled: 3, disabled: 1 };
  expect(await registry.metrics()).toMatch(
    /^mesh_gateway_peers\{state="enabled"\} 3\nmesh_gateway_peers\{state="disabled"\} 1$/m,
  );
  state.peers = { enabled: 4, disabled: 0 };
  expect(await registry.metrics()).toMatch(/^mesh_gateway_peers\{state="enabled"\} 4$/m);
});

it("keeps one registry of process metrics for the whole process", async () => {
  expect(processMetrics()).toBe(processMetrics());
  const text = await processMetrics().metrics();
  for (const name of [
    "process_cpu_user_seconds_total",
    "process_resident_memory_bytes",
    "nodejs_eventloop_lag_seconds",
    "nodejs_heap_size_used_bytes",
  ]) {
    expect(text).toMatch(new RegExp(`^${name} \\d`, "m"));
  }
});

it("reports the unread and undelivered backlogs and each peer's oldest unread age from one read per scrape", async () => {
  const { registry, state } = setUp();
  const gauges = async () => {
    const text = await registry.metrics();
    return {
      unread: Number(/^mesh_gateway_unread_messages (\S+)$/m.exec(text)?.[1]),
      undelivered: Number(/^mesh_gateway_undelivered_messages (\S+)$/m.exec(text)?.[1]),
      ages: [
        ...text.matchAll(/^mesh_gateway_oldest_unread_seconds\{peer="([^"]+)"\} (\S+)$/gm),
      ].map((match) => [match[1], Number(match[2])] as const),
    };
  };
  expect(await gauges()).toEqual({ unread: 0, undelivered: 0, ages: [] });
  expect(state.backlogReads).toBe(1);
  state.backlog = {
    unread: 7,
    undelivered: 3,
    oldestUnread: [
      { peer: "bob", createdAt: new Date(Date.now() - 30_000).toISOString() },
      { peer: "ann", createdAt: new Date(Date.now() - 90_000).toISOString() },
    ],
  };
  const { unread, undelivered, ages } = await gauges();
  expect([unread, undelivered]).toEqual([7, 3]);
  expect(ages.map(([peer]) => peer)).toEqual(["ann", "bob"]);
  expect(ages[0]![1]).toBeGreaterThanOrEqual(90);
  expect(state.backlogReads).toBe(2);
  // A peer whose backlog was read drops out of the next scrape.
  state.backlog = { unread: 0, undelivered: 0, oldestUnread: [] };
  expect((await gauges()).ages).toEqual([]);
});
