import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import pkg from "../package.json" with { type: "json" };

/** What the operations metrics read at each scrape. */
export interface OperationsMetricsSources {
  /** Peers in the registry by state; read from the database at each scrape. */
  peers: () => Promise<{ enabled: number; disabled: number }>;
  /** Log lines dropped so far because stdout did not keep up; never goes down. */
  droppedLogLines: () => number;
  /** Unread messages and when the oldest was stored (ISO 8601); read at each scrape. */
  backlog: () => Promise<{ count: number; oldestAt: string | undefined }>;
}

let processRegistry: Registry | undefined;

/**
 * prom-client's process and Node.js metrics (CPU, memory, handles, event-loop lag, GC), on one
 * registry per process: they describe the process, so gateways sharing one report the same
 * figures, and its event-loop and GC observers are set up once, not once per gateway.
 */
export function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Adds to `registry` what an operator watches beside the request metrics: the build (version),
 * the peers by state, the unread backlog, and the log lines dropped as a counter.
 */
export function registerOperationsMetrics(
  registry: Registry,
  sources: OperationsMetricsSources,
): void {
  const build = new Gauge({
    name: "mesh_gateway_build_info",
    help: "Always 1; the labels name the @mesh/gateway version and the Node.js release running it",
    labelNames: ["version", "node"] as const,
    registers: [registry],
  });
  build.set({ version: pkg.version, node: process.version }, 1);
  new Gauge({
    name: "mesh_gateway_peers",
    help: "Peers in the registry, by state",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { enabled, disabled } = await sources.peers();
      this.set({ state: "enabled" }, enabled);
      this.set({ state: "disabled" }, disabled);
    },
  });
  let backlog: Promise<{ count: number; oldestAt: string | undefined }> | undefined;
  // One database read per scrape serves both gauges.
  const readBacklog = () => {
    backlog ??= sources.backlog().finally(() => {
      backlog = undefined;
    });
    return backlog;
  };
  new Gauge({
    name: "mesh_gateway_unread_messages",
    help: "Messages stored and not read yet, all inboxes",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).count);
    },
  });
  new Gauge({
    name: "mesh_gateway_oldest_unread_age_seconds",
    help: "Age of the oldest unread message; 0 when none is waiting",
    registers: [registry],
    async collect() {
      const { oldestAt } = await readBacklog();
      this.set(
        oldestAt === undefined ? 0 : Math.max(0, (Date.now() - Date.parse(oldestAt)) / 1000),
      );
    },
  });
  // A counter whose source is a running total: each scrape adds what was dropped since the last.
  let counted = 0;
  new Counter({
    name: "mesh_gateway_log_lines_dropped_total",
    help: "Log lines dropped since start because stdout did not keep up (16 MiB held at most)",
    registers: [registry],
    collect() {
      const total = sources.droppedLogLines();
      if (total > counted) this.inc(total - counted);
      counted = total;
    },
  });
}
