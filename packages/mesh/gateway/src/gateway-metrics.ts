import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { WakeupSource } from "./gateway-storage.js";
import {
  type OperationsMetricsSources,
  processMetrics,
  registerOperationsMetrics,
} from "./operations-metrics.js";

/** Latency buckets in seconds: loopback sends take ~1 ms, long-polls up to 30 s. */
const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** Cached label sets of the request counter at most. */
const MAX_LABEL_SETS = 1000;

export interface MetricsSources {
  /** Open `wait` long-polls and streams' subscriptions. */
  waiters: () => number;
  /** Open `GET /messages/stream` responses. */
  streams: () => number;
  /** Request body bytes held in memory now. */
  bufferedBodyBytes: () => number;
  /** Log lines dropped so far because stdout did not keep up. */
  droppedLogLines: () => number;
  /** Peers in the registry by state (read at each scrape). */
  peers: OperationsMetricsSources["peers"];
  /** The unread backlog (read at each scrape). */
  backlog: OperationsMetricsSources["backlog"];
  /** What wakes long-polls and streams; fixed for the storage's life. */
  wakeups: WakeupSource;
  /** Stream slots taken (open streams and those being set up). */
  streamSlots: () => number;
  /** Event bytes written to streams and not yet taken by their sockets. */
  streamBufferedBytes: () => number;
  /** Reply bytes queued for clients that have not read them yet. */
  queuedReplyBytes: () => number;
  /** Connections closed for holding too many unread reply bytes or reading none. */
  replyConnectionsClosed: () => number;
  /** Connections closed for pipelining too many unanswered requests. */
  pipeliningConnectionsClosed: () => number;
}

/** The gateway's Prometheus metrics, on a registry of its own (several gateways may share a process). */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "mesh_gateway_requests_total",
    help: "HTTP requests answered, by route, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [this.registry],
  });
  readonly sendSeconds = new Histogram({
    name: "mesh_gateway_send_duration_seconds",
    help: "Time to answer POST /messages",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly inboxSeconds = new Histogram({
    name: "mesh_gateway_inbox_duration_seconds",
    help: "Time to answer GET /messages (long-polls included)",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly messagesStored = new Counter({
    name: "mesh_gateway_messages_stored_total",
    help: "Messages stored through this gateway",
    registers: [this.registry],
  });
  readonly rateLimited = new Counter({
    name: "mesh_gateway_rate_limited_total",
    help: "Requests refused with 429 rate_limited",
    registers: [this.registry],
  });
  readonly secretRefusals = new Counter({
    name: "mesh_gateway_secret_refusals_total",
    help: "Sends refused with 422 secret_detected, by rule",
    labelNames: ["rule"] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    registerOperationsMetrics(this.registry, sources);
    new Gauge({
      name: "mesh_gateway_wakeup_source",
      help: "1 for what wakes long-polls and streams: process (SQLite), listen (PostgreSQL LISTEN/NOTIFY) or poll (one query every 250 ms: PostgreSQL through a connection pooler without a direct listen database)",
      labelNames: ["source"] as const,
      registers: [this.registry],
    }).set({ source: sources.wakeups }, 1);
    new Gauge({
      name: "mesh_gateway_waiters",
      help: "Requests and streams waiting for new messages",
      registers: [this.registry],
      collect() {
        this.set(sources.waiters());
      },
    });
    new Gauge({
      name: "mesh_gateway_buffered_body_bytes",
      help: "Request body bytes held in memory now",
      registers: [this.registry],
      collect() {
        this.set(sources.bufferedBodyBytes());
      },
    });
    new Gauge({
      name: "mesh_gateway_stream_slots",
      help: "Stream slots taken: open GET /messages/stream responses and those being set up",
      registers: [this.registry],
      collect() {
        this.set(sources.streamSlots());
      },
    });
    new Gauge({
      name: "mesh_gateway_stream_buffered_bytes",
      help: "Event bytes written to streams and not yet taken by their readers' sockets",
      registers: [this.registry],
      collect() {
        this.set(sources.streamBufferedBytes());
      },
    });
    new Gauge({
      name: "mesh_gateway_queued_reply_bytes",
      help: "Reply bytes queued for clients that have not read them yet",
      registers: [this.registry],
      collect() {
        this.set(sources.queuedReplyBytes());
      },
    });
    new Counter({
      name: "mesh_gateway_reply_connections_closed_total",
      help: "Connections closed for holding too many unread reply bytes or reading none",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(sources.replyConnectionsClosed());
      },
    });
    new Counter({
      name: "mesh_gateway_pipelining_connections_closed_total",
      help: "Connections closed for pipelining too many unanswered requests",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(sources.pipeliningConnectionsClosed());
      },
    });
    new Gauge({
      name: "mesh_gateway_open_streams",
      help: "Open GET /messages/stream responses",
      registers: [this.registry],
      collect() {
        this.set(sources.streams());
      },
    });
  }

  /** Labelled children of `requests` by "method status route": prom-client hashes labels per call. */
  private readonly requestCounters = new Map<string, { inc(): void }>();

  /** Counts one answered request. */
  countRequest(route: string, method: string, status: number): void {
    const key = `${method} ${status} ${route}`;
    let counter = this.requestCounters.get(key);
    if (counter === undefined) {
      // Bounded anyway: routes, methods (the HTTP parser's list) and statuses are finite.
      if (this.requestCounters.size >= MAX_LABEL_SETS) this.requestCounters.clear();
      counter = this.requests.labels(route, method, String(status));
      this.requestCounters.set(key, counter);
    }
    counter.inc();
  }

  /** The Prometheus text exposition of every metric, the process's included. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }
}
