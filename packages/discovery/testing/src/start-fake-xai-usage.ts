import { type FakeResponse, type FakeServer, startFakeServer } from "./start-fake-server.js";

/** One usage group the fake reports: a label and one USD value per interval. */
export interface FakeXaiGroup {
  /** Sent as both `group[0]` and `groupLabels[0]`, e.g. `Chat grok-3-mini`. */
  label: string;
  /**
   * USD per interval, the first at the request's `startTime`, then one per
   * `timeUnit` step; values at or after `endTime` are left out.
   */
  usd: readonly number[];
}

/** Options of {@link startFakeXaiUsage}. */
export interface FakeXaiUsageOptions {
  /** The only management key accepted as `Authorization: Bearer <key>`. Default `fake-xai-management-key`. */
  managementKey?: string;
  /** The only team id the key can see. Default `team-fake-0001`. */
  teamId?: string;
  /**
   * Groups of the answer. Default: the two illustrative groups documented by xAI
   * 9.6 (`Chat grok-4-fast-reasoning` 0.10, 0.20; `Chat grok-3-mini` 0, 0.45).
   * No groups gives `{}`, as protobuf JSON omits empty fields.
   */
  groups?: readonly FakeXaiGroup[];
  /** Value of `limitReached`. Default false. */
  limitReached?: boolean;
}

const TIME_UNIT_SECONDS: Record<string, number> = {
  TIME_UNIT_SECOND: 1,
  TIME_UNIT_MINUTE: 60,
  TIME_UNIT_QUARTER_HOUR: 900,
  TIME_UNIT_HOUR: 3600,
  TIME_UNIT_DAY: 86_400,
  TIME_UNIT_CALENDAR_WEEK: 7 * 86_400,
};
const NATIVE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2})(\.\d+)?)?$/;
const PATH = /^\/v1\/billing\/teams\/([^/]+)\/usage$/;

/** `count` groups labelled `Chat model-<i>`, group `i` costing `(i + 1) / 100` USD in each of `intervals` intervals. */
export function makeXaiUsageGroups(count: number, intervals: number): FakeXaiGroup[] {
  return Array.from({ length: count }, (_, i) => ({
    label: `Chat model-${i}`,
    usd: Array.from({ length: intervals }, () => (i + 1) / 100),
  }));
}

/**
 * A fake xAI management API on 127.0.0.1 answering
 * `POST /v1/billing/teams/{team_id}/usage`: checks the management key, the
 * team id, `Content-Type: application/json` and the analytics request, then
 * builds a dense `timeSeries` from the configured groups, stepping from the
 * request's `startTime` (read as UTC) by its `timeUnit` (months by calendar;
 * `TIME_UNIT_NONE` gives one point). Errors use xAI's `{"code","error"}` body.
 */
export async function startFakeXaiUsage(options: FakeXaiUsageOptions = {}): Promise<FakeServer> {
  const managementKey = options.managementKey ?? "fake-xai-management-key";
  const teamId = options.teamId ?? "team-fake-0001";
  const groups = options.groups ?? [
    { label: "Chat grok-4-fast-reasoning", usd: [0.1, 0.2] },
    { label: "Chat grok-3-mini", usd: [0, 0.45] },
  ];
  return startFakeServer((request) => {
    const match = PATH.exec(request.path);
    if (request.method !== "POST" || !match) {
      return xaiError(404, "Not found", `No route for ${request.method} ${request.path}`);
    }
    if (request.headers["authorization"] !== `Bearer ${managementKey}`) {
      return xaiError(401, "Unauthenticated", "Invalid management key.");
    }
    if (safeDecode(match[1] ?? "") !== teamId) {
      return xaiError(404, "Not found", "Team not found or not visible to this key.");
    }
    if (!(request.headers["content-type"] ?? "").startsWith("application/json")) {
      return invalidArgument("Content-Type must be application/json.");
    }
    const analytics = readAnalyticsRequest(request.body);
    if (typeof analytics === "string") return invalidArgument(analytics);
    if (groups.length === 0) return { json: {} };
    const timestamps = intervalStarts(analytics, Math.max(...groups.map((g) => g.usd.length)));
    return {
      json: {
        timeSeries: groups.map((group) => ({
          group: [group.label],
          groupLabels: [group.label],
          dataPoints: timestamps.slice(0, group.usd.length).map((timestamp, i) => ({
            timestamp,
            values: [group.usd[i]],
          })),
        })),
        limitReached: options.limitReached ?? false,
      },
    };
  });
}

interface AnalyticsWindow {
  start: Date;
  end: Date;
  timeUnit: string;
}

function readAnalyticsRequest(body: string): AnalyticsWindow | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "Request body is not JSON.";
  }
  const request = (parsed as { analyticsRequest?: Record<string, unknown> } | null)
    ?.analyticsRequest;
  const range = request?.["timeRange"] as Record<string, unknown> | undefined;
  const start = parseNative(range?.["startTime"]);
  const end = parseNative(range?.["endTime"]);
  if (!start || !end) return "timeRange.startTime and endTime must be YYYY-MM-DD HH:MM:SS.";
  if (typeof range?.["timezone"] !== "string") return "timeRange.timezone is required.";
  const timeUnit = request?.["timeUnit"];
  if (
    typeof timeUnit !== "string" ||
    !(
      Object.hasOwn(TIME_UNIT_SECONDS, timeUnit) ||
      timeUnit === "TIME_UNIT_MONTH" ||
      timeUnit === "TIME_UNIT_NONE"
    )
  ) {
    return "timeUnit is not a valid TimeUnit.";
  }
  if (!Array.isArray(request?.["values"]) || request["values"].length === 0) {
    return "values must name at least one value.";
  }
  return { start, end, timeUnit };
}

function intervalStarts(window: AnalyticsWindow, count: number): string[] {
  const starts: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(window.start);
    if (window.timeUnit === "TIME_UNIT_MONTH") at.setUTCMonth(at.getUTCMonth() + i);
    else if (window.timeUnit === "TIME_UNIT_NONE") {
      if (i > 0) break;
    } else at.setTime(at.getTime() + i * (TIME_UNIT_SECONDS[window.timeUnit] ?? 0) * 1000);
    if (at >= window.end) break;
    starts.push(at.toISOString().replace(".000Z", "Z"));
  }
  return starts;
}

function parseNative(value: unknown): Date | undefined {
  if (typeof value !== "string") return undefined;
  const match = NATIVE_TIME.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = ""] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function invalidArgument(message: string): FakeResponse {
  return xaiError(400, "Client specified an invalid argument", message);
}

function xaiError(status: number, code: string, error: string): FakeResponse {
  return { status, json: { code, error } };
}
