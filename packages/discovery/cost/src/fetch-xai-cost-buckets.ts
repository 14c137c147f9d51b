import {
  type DiscoveryLogger,
  envValue,
  fetchJson,
  resolveCredential,
  type SafeResult,
} from "@discovery/core";
import * as v from "valibot";
import {
  type CostRequestOptions,
  failed,
  joinUrl,
  requestOptions,
  runCostLookup,
  transportEntries,
} from "./cost-request-options.js";
import { toXaiTime } from "./to-xai-time.js";

/** Interval sizes the xAI usage endpoint aggregates by. */
export const XAI_TIME_UNITS = [
  "TIME_UNIT_DAY",
  "TIME_UNIT_HOUR",
  "TIME_UNIT_MONTH",
  "TIME_UNIT_CALENDAR_WEEK",
  "TIME_UNIT_QUARTER_HOUR",
  "TIME_UNIT_MINUTE",
  "TIME_UNIT_SECOND",
  "TIME_UNIT_NONE",
] as const;
export type XaiTimeUnit = (typeof XAI_TIME_UNITS)[number];

/** Options of {@link fetchXaiCostBuckets}. */
export interface FetchXaiCostBucketsOptions extends CostRequestOptions {
  /** Window start: ISO 8601 (`2026-05-01T00:00:00Z`) or native (`2026-05-01 00:00:00`). Required. */
  startTime: string;
  /** Window end, excluded; same forms as `startTime`. Required. */
  endTime: string;
  /** Management key. Default `XAI_MANAGEMENT_KEY`. Required with `teamId`. */
  managementKey?: string;
  /** Team id from the xAI console. Default `XAI_TEAM_ID`. Required with `managementKey`. */
  teamId?: string;
  /** Bucket size. Default `TIME_UNIT_DAY`. */
  timeUnit?: XaiTimeUnit;
  /** IANA time zone the window and buckets are read in. Default `Etc/GMT`. */
  timezone?: string;
  /** Request timeout in milliseconds. Default 15000. */
  timeout?: number;
  /** Default `https://management-api.x.ai`. */
  baseUrl?: string;
}

/** One line of an xAI cost bucket: a usage group that cost more than zero. */
export interface XaiCostLineItem {
  /** The group's first label, `?` when it has none. */
  description: string;
  usd: number;
}

/** xAI spend of one interval. */
export interface XaiCostBucket {
  /** The interval's timestamp as the vendor sent it (RFC 3339). */
  startTime: string;
  /** Same as `startTime`: the vendor reports one timestamp per interval. */
  endTime: string;
  /** Sum of the first value of every group at this timestamp. */
  totalUsd: number;
  lineItems: XaiCostLineItem[];
  /** This timestamp's data points with the group each belongs to. */
  rawBucket: XaiRawBucket;
}

/** The vendor data behind one {@link XaiCostBucket}. */
export interface XaiRawBucket {
  timestamp: string;
  dataPoints: { group: unknown[]; groupLabels: string[]; values: number[] }[];
}

const DEFAULT_BASE_URL = "https://management-api.x.ai";
const DEFAULT_TIMEOUT_MS = 15_000;
const LABEL = "xAI billing usage";

const TimeText = v.pipe(v.string(), v.trim(), v.nonEmpty());
const OptionsSchema = v.object({
  ...transportEntries,
  startTime: TimeText,
  endTime: TimeText,
  timeUnit: v.optional(v.picklist(XAI_TIME_UNITS)),
  timezone: v.optional(v.pipe(v.string(), v.check(isTimeZone))),
});
const ResponseSchema = v.object({
  timeSeries: v.optional(
    v.nullable(
      v.array(
        v.object({
          group: v.optional(v.nullable(v.array(v.unknown()))),
          groupLabels: v.optional(v.nullable(v.array(v.string()))),
          dataPoints: v.optional(
            v.nullable(
              v.array(
                v.object({
                  timestamp: v.string(),
                  values: v.optional(v.nullable(v.array(v.pipe(v.number(), v.finite())))),
                }),
              ),
            ),
          ),
        }),
      ),
    ),
  ),
  limitReached: v.optional(v.nullable(v.boolean())),
});

/**
 * xAI team spend per interval (`POST {baseUrl}/v1/billing/teams/{teamId}/usage`),
 * oldest first. Never throws: a missing key or team id, or any failure
 * (network, timeout, HTTP status, malformed JSON, unexpected shape), is logged
 * and gives `[]`. An empty window (`{}`) gives `[]` too. The management key
 * never reaches a log line or a bucket (an echoed key becomes `[REDACTED]`).
 */
export async function fetchXaiCostBuckets(
  options: FetchXaiCostBucketsOptions,
): Promise<XaiCostBucket[]> {
  return (await safeFetchXaiCostBuckets(options)).data;
}

/**
 * {@link fetchXaiCostBuckets} with the reason of a failure: `{ data, error }`,
 * `error` a `DiscoveryError` or null. Never throws; logs as `fetchXaiCostBuckets` does.
 */
export async function safeFetchXaiCostBuckets(
  options: FetchXaiCostBucketsOptions,
): Promise<SafeResult<XaiCostBucket[]>> {
  return runCostLookup(options, OptionsSchema, LABEL, [], readUsage);
}

async function readUsage(
  options: FetchXaiCostBucketsOptions,
  logger: DiscoveryLogger,
  valid: v.InferOutput<typeof OptionsSchema>,
): Promise<SafeResult<XaiCostBucket[]>> {
  const managementKey = resolveCredential(options.managementKey, envValue("XAI_MANAGEMENT_KEY"));
  const teamId = resolveCredential(options.teamId, envValue("XAI_TEAM_ID"));
  if (managementKey === undefined || teamId === undefined) {
    const missing = managementKey === undefined ? "management key" : "team id";
    return failed(
      [],
      "missing_credential",
      `${LABEL}: no ${missing} (pass managementKey and teamId or set XAI_MANAGEMENT_KEY and XAI_TEAM_ID)`,
    );
  }
  const { startTime, endTime, timeUnit = "TIME_UNIT_DAY", timezone = "Etc/GMT" } = valid;
  const url = joinUrl(
    options.baseUrl ?? DEFAULT_BASE_URL,
    `/v1/billing/teams/${encodeURIComponent(teamId)}/usage`,
  );
  const request = requestOptions(
    options,
    options.timeout ?? DEFAULT_TIMEOUT_MS,
    LABEL,
    { authorization: `Bearer ${managementKey}` },
    managementKey,
  );
  request.method = "POST";
  // Key order as in https://docs.x.ai/docs/management-api.
  request.body = {
    analyticsRequest: {
      timeRange: { startTime: toXaiTime(startTime), endTime: toXaiTime(endTime), timezone },
      timeUnit,
      values: [{ name: "usd", aggregation: "AGGREGATION_SUM" }],
      groupBy: ["description"],
      filters: [],
    },
  };
  const result = await fetchJson(url, { ...request, schema: ResponseSchema });
  if (!result.ok) return { data: [], error: result.error };
  if (result.data.limitReached === true) {
    logger.warn(`${LABEL}: limitReached, the vendor returned only a subset of the usage`);
  }
  return { data: toBuckets(result.data.timeSeries ?? []), error: null };
}

type Series = NonNullable<v.InferOutput<typeof ResponseSchema>["timeSeries"]>[number];

function toBuckets(series: readonly Series[]): XaiCostBucket[] {
  const byTimestamp = new Map<string, XaiCostBucket>();
  for (const entry of series) {
    const group = entry.group ?? [];
    const groupLabels = entry.groupLabels ?? [];
    const description = groupLabels[0] || "?";
    for (const point of entry.dataPoints ?? []) {
      const values = point.values ?? [];
      const usd = values[0] ?? 0;
      let bucket = byTimestamp.get(point.timestamp);
      if (!bucket) {
        bucket = {
          startTime: point.timestamp,
          endTime: point.timestamp,
          totalUsd: 0,
          lineItems: [],
          rawBucket: { timestamp: point.timestamp, dataPoints: [] },
        };
        byTimestamp.set(point.timestamp, bucket);
      }
      bucket.totalUsd += usd;
      if (usd > 0) bucket.lineItems.push({ description, usd });
      bucket.rawBucket.dataPoints.push({ group, groupLabels, values });
    }
  }
  return [...byTimestamp.values()].sort((a, b) => compareTimestamps(a.startTime, b.startTime));
}

// By instant when both parse, else by text, so odd timestamps still sort deterministically.
function compareTimestamps(a: string, b: string): number {
  const difference = Date.parse(a) - Date.parse(b);
  if (difference) return difference;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
