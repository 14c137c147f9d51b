import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import pkg from "../package.json" with { type: "json" };
import { oldestUnreadLabels } from "./oldest-unread-labels.js";

/** The message backlogs one scrape reads. */
export interface MessageBacklog {
  /** Messages not read yet, all inboxes. */
  unread: number;
  /** Messages not delivered yet (no recipient's session has had them), all inboxes. */
  undelivered: number;
  /** Per recipient with unread messages, when its oldest was stored (ISO 8601). */
  oldestUnread: ReadonlyArray<{ peer: string; createdAt: string }>;
}

/** What the operations metrics read at each scrape. */
export interface OperationsMetricsSources {
  /** Peers in the registry by state; read from the database at each scrape. */
  peers: () => Promise<{ enabled: number; disabled: number }>;
  /** Log lines dropped so far because stdout did not keep up; never goes down. */
  droppedLogLines: () => number;
  /** The message backlogs; read at each scrape. */
  backlog: () => Promise<MessageBacklog>;
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
  let backlog: Promise<MessageBacklog> | undefined;
  // One database read per scrape serves the three gauges.
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
      this.set((await readBacklog()).unread);
    },
  });
  new Gauge({
    name: "mesh_gateway_undelivered_messages",
    help: "Messages stored and not delivered yet (no reply or stream of the recipient's own session carried them), all inboxes",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).undelivered);
    },
  });
  new Gauge({
    name: "mesh_gateway_oldest_unread_seconds",
    help: "Age of each recipient's oldest unread message: the 20 oldest peers, the others' ages summed under peer=\"other\"",
    labelNames: ["peer"] as const,
    registers: [registry],
    async collect() {
      const series = oldestUnreadLabels((await readBacklog()).oldestUnread, Date.now());
      this.reset();
      for (const { peer, seconds } of series) this.set({ peer }, seconds);
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
