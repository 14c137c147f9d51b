import { useCallback, useEffect, useState } from "preact/hooks";
import { request } from "./gateway-api.js";
import { type MetricSample, metricSum, parseMetrics } from "./parse-metrics.js";

/** How often the page asks `GET /health`: an outage shows within two polls plus the timeout. */
export const HEALTH_POLL_MS = 2000;
/** A health answer slower than this counts as the gateway being unreachable. */
const HEALTH_TIMEOUT_MS = 1500;
/** `/metrics` is read less often: it is larger and changes slowly. */
const METRICS_EVERY = 5;

/** What the health strip shows. `undefined` figures: not known (no admin token, older gateway). */
export interface Health {
  /** `false` while `GET /health` fails to answer at all. */
  reachable: boolean;
  /** When the gateway stopped answering (ISO), while it is unreachable. */
  since: string | null;
  database: "ok" | "unavailable" | "unknown";
  streams: number | undefined;
  rateLimited: number | undefined;
  unread: number | undefined;
  undelivered: number | undefined;
  /** Age in seconds of the oldest unread message per recipient, when the gateway exposes it. */
  oldestUnread: ReadonlyMap<string, number>;
}

const INITIAL: Health = {
  reachable: true,
  since: null,
  database: "unknown",
  streams: undefined,
  rateLimited: undefined,
  unread: undefined,
  undelivered: undefined,
  oldestUnread: new Map(),
};

async function probeDatabase(): Promise<Health["database"] | "unreachable"> {
  try {
    const response = await fetch("/health", {
      cache: "no-store",
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return response.ok ? "ok" : response.status === 503 ? "unavailable" : "unknown";
  } catch {
    return "unreachable";
  }
}

function figures(text: string): Partial<Health> {
  const metrics = parseMetrics(text);
  const oldest = new Map<string, number>();
  const samples: MetricSample[] = metrics.get("mesh_gateway_oldest_unread_seconds") ?? [];
  for (const { labels, value } of samples)
    if (labels["peer"] !== undefined) oldest.set(labels["peer"], value);
  return {
    streams: metricSum(metrics, "mesh_gateway_open_streams"),
    rateLimited: metricSum(metrics, "mesh_gateway_rate_limited_total"),
    unread: metricSum(metrics, "mesh_gateway_unread_messages"),
    undelivered: metricSum(metrics, "mesh_gateway_undelivered_messages"),
    oldestUnread: oldest,
  };
}

/**
 * Polls `GET /health` (public) every {@link HEALTH_POLL_MS}, and `GET /metrics` with an admin
 * token, so the page says within seconds when the gateway goes away and when it is back.
 * `poke` asks again at once (a dropped stream is a hint the gateway may be gone).
 */
export function useHealth(token: string, admin: boolean): { health: Health; poke: () => void } {
  const [health, setHealth] = useState<Health>(INITIAL);
  const [pokes, setPokes] = useState(0);
  useEffect(() => {
    let stopped = false;
    let round = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const database = await probeDatabase();
      let extra: Partial<Health> = {};
      if (admin && database !== "unreachable" && round++ % METRICS_EVERY === 0) {
        extra = await request(token, "GET", "/metrics").then(
          (a) => figures(a.text),
          () => ({}),
        );
      }
      if (stopped) return;
      setHealth((previous) =>
        database === "unreachable"
          ? { ...previous, reachable: false, since: previous.since ?? new Date().toISOString() }
          : { ...previous, ...extra, reachable: true, since: null, database },
      );
      timer = setTimeout(tick, HEALTH_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, admin, pokes]);
  const poke = useCallback(() => setPokes((count) => count + 1), []);
  return { health, poke };
}
