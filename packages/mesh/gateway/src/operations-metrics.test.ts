import { Registry } from "prom-client";
import { expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import { processMetrics, registerOperationsMetrics } from "./operations-metrics.js";

function setUp() {
  const registry = new Registry();
  const state = {
    dropped: 0,
    peers: { enabled: 0, disabled: 0 },
    backlog: { count: 0, oldestAt: undefined as string | undefined },
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

it("reports the unread backlog and its oldest message's age from one read per scrape", async () => {
  const { registry, state } = setUp();
  const gauges = async () => {
    const text = await registry.metrics();
    return [
      Number(/^mesh_gateway_unread_messages (\S+)$/m.exec(text)?.[1]),
      Number(/^mesh_gateway_oldest_unread_age_seconds (\S+)$/m.exec(text)?.[1]),
    ];
  };
  expect(await gauges()).toEqual([0, 0]);
  expect(state.backlogReads).toBe(1);
  state.backlog = { count: 7, oldestAt: new Date(Date.now() - 90_000).toISOString() };
  const [count, age] = await gauges();
  expect(count).toBe(7);
  expect(age).toBeGreaterThanOrEqual(90);
  expect(age).toBeLessThan(120);
  expect(state.backlogReads).toBe(2);
});
