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

/** Grouping dimensions of OpenAI organization costs. */
export const OPENAI_COST_GROUP_BY = ["line_item", "project_id", "api_key_id"] as const;
export type OpenAICostGroupBy = (typeof OPENAI_COST_GROUP_BY)[number];

/** Options of {@link fetchOpenAICostBuckets}. */
export interface FetchOpenAICostBucketsOptions extends CostRequestOptions {
  /** Window start, Unix seconds, inclusive. Required. */
  startTime: number;
  /** Window end, Unix seconds, exclusive. Default: none (up to now). */
  endTime?: number;
  /** Admin key (`sk-admin-…`). Default `OPENAI_ADMIN_KEY`; never read from a file. */
  adminKey?: string;
  /** Dimensions to split each day by, sent as repeated `group_by`. Default none. */
  groupBy?: readonly OpenAICostGroupBy[];
  /** Daily buckets per page, 1 to 180. Default 7. */
  limit?: number;
  /** Timeout of each page request in milliseconds. Default 15000. */
  timeout?: number;
  /** Default `https://api.openai.com`. */
  baseUrl?: string;
}

/** One day of OpenAI organization costs. */
export interface OpenAICostBucket {
  /** Unix seconds, inclusive. */
  startTime: number;
  /** Unix seconds, exclusive. */
  endTime: number;
  /** Sum of the bucket's cost results (negative for credits). */
  totalUsd: number;
  /** Currency of the first cost result, lowercase ISO 4217. Default `usd`. */
  currency: string;
  /** Cost per `line_item`, for results that carry one. */
  lineItemBreakdown: Record<string, number>;
  /** Cost per `project_id`, for results that carry one. */
  projectBreakdown: Record<string, number>;
  /** Cost per `api_key_id`, for results that carry one. */
  apiKeyBreakdown: Record<string, number>;
  /** The bucket's `results` array as the vendor sent it. */
  rawResults: unknown[];
}

const DEFAULT_BASE_URL = "https://api.openai.com";
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_LIMIT = 7;
const MAX_PAGES = 20;
const LABEL = "OpenAI costs";

const UnixSeconds = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const OptionsSchema = v.object({
  ...transportEntries,
  startTime: UnixSeconds,
  endTime: v.optional(UnixSeconds),
  groupBy: v.optional(v.array(v.picklist(OPENAI_COST_GROUP_BY))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(180))),
});

const ResultsSchema = v.optional(v.nullable(v.array(v.unknown())));
const PageSchema = v.object({
  data: v.array(
    v.object({
      start_time: v.pipe(v.number(), v.safeInteger()),
      end_time: v.pipe(v.number(), v.safeInteger()),
      results: ResultsSchema,
      // The 2024 schema's name of the array.
      result: ResultsSchema,
    }),
  ),
  has_more: v.optional(v.nullable(v.boolean())),
  next_page: v.optional(v.nullable(v.string())),
});
const Units = v.union([
  v.pipe(v.number(), v.finite()),
  v.pipe(
    v.string(),
    v.regex(/^[+-]?\d+$/),
    v.transform((units) => Number(units)),
  ),
]);
const CostResultSchema = v.object({
  object: v.literal("organization.costs.result"),
  amount: v.object({
    value: v.optional(v.nullable(v.pipe(v.number(), v.finite()))),
    currency: v.optional(v.nullable(v.string())),
    units: v.optional(v.nullable(Units)),
    nanos: v.optional(v.nullable(v.pipe(v.number(), v.finite()))),
  }),
  line_item: v.optional(v.unknown()),
  project_id: v.optional(v.unknown()),
  api_key_id: v.optional(v.unknown()),
});
type CostResult = v.InferOutput<typeof CostResultSchema>;

/**
 * Daily OpenAI organization costs (`GET {baseUrl}/v1/organization/costs`),
 * following `next_page` for at most 20 pages, oldest bucket first. Never
 * throws: without an admin key it logs and returns `[]` without a request; a
 * failing page (network, timeout, HTTP status, malformed JSON, unexpected
 * shape) is logged and the buckets gathered so far are returned. The admin
 * key never reaches a log line or a bucket (an echoed key becomes `[REDACTED]`).
 */
export async function fetchOpenAICostBuckets(
  options: FetchOpenAICostBucketsOptions,
): Promise<OpenAICostBucket[]> {
  return (await safeFetchOpenAICostBuckets(options)).data;
}

/**
 * {@link fetchOpenAICostBuckets} with the reason of a failure: `{ data, error }`.
 * After a failing page, `data` holds the buckets gathered so far and `error`
 * the page's `DiscoveryError`. Never throws; logs as `fetchOpenAICostBuckets` does.
 */
export async function safeFetchOpenAICostBuckets(
  options: FetchOpenAICostBucketsOptions,
): Promise<SafeResult<OpenAICostBucket[]>> {
  return runCostLookup(options, OptionsSchema, LABEL, [], readCostBuckets);
}

async function readCostBuckets(
  options: FetchOpenAICostBucketsOptions,
  logger: DiscoveryLogger,
  valid: v.InferOutput<typeof OptionsSchema>,
): Promise<SafeResult<OpenAICostBucket[]>> {
  const adminKey = resolveCredential(options.adminKey, envValue("OPENAI_ADMIN_KEY"));
  if (adminKey === undefined) {
    return failed(
      [],
      "missing_credential",
      `${LABEL}: no admin key (pass adminKey or set OPENAI_ADMIN_KEY)`,
    );
  }
  const { startTime, endTime, groupBy = [], limit = DEFAULT_LIMIT } = valid;
  const endpoint = joinUrl(options.baseUrl ?? DEFAULT_BASE_URL, "/v1/organization/costs");
  const headers = { authorization: `Bearer ${adminKey}` };
  const buckets: OpenAICostBucket[] = [];
  let error: SafeResult<unknown>["error"] = null;
  let page: string | undefined;
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const query = new URLSearchParams();
    query.append("start_time", String(startTime));
    query.append("limit", String(limit));
    query.append("bucket_width", "1d");
    if (endTime !== undefined) query.append("end_time", String(endTime));
    for (const group of groupBy) query.append("group_by", group);
    if (page !== undefined) query.append("page", page);
    const label = `${LABEL} page ${pageNumber}`;
    const result = await fetchJson(`${endpoint}?${query}`, {
      ...requestOptions(options, options.timeout ?? DEFAULT_TIMEOUT_MS, label, headers, adminKey),
      schema: PageSchema,
    });
    if (!result.ok) {
      error = result.error;
      break;
    }
    const body = result.data;
    for (const bucket of body.data) buckets.push(toBucket(bucket));
    const next = body.next_page;
    if (body.has_more !== true) break;
    if (typeof next !== "string" || next === "") {
      logger.warn(`${label}: has_more without next_page; ${keeping(buckets)}`);
      break;
    }
    if (pageNumber === MAX_PAGES) {
      logger.warn(`${LABEL}: stopped after ${MAX_PAGES} pages; later buckets are missing`);
    }
    page = next;
  }
  return { data: buckets.sort((a, b) => a.startTime - b.startTime), error };
}

function keeping(buckets: readonly OpenAICostBucket[]): string {
  return `keeping the ${buckets.length} buckets gathered so far`;
}

function toBucket(bucket: v.InferOutput<typeof PageSchema>["data"][number]): OpenAICostBucket {
  const rawResults = bucket.results ?? bucket.result ?? [];
  const lineItemBreakdown = emptyMap();
  const projectBreakdown = emptyMap();
  const apiKeyBreakdown = emptyMap();
  let totalUsd = 0;
  let currency: string | undefined;
  for (const raw of rawResults) {
    const parsed = v.safeParse(CostResultSchema, raw);
    if (!parsed.success) continue;
    const amount = amountOf(parsed.output);
    if (amount === undefined) continue;
    totalUsd += amount;
    currency ??= parsed.output.amount.currency ?? undefined;
    addTo(lineItemBreakdown, parsed.output.line_item, amount);
    addTo(projectBreakdown, parsed.output.project_id, amount);
    addTo(apiKeyBreakdown, parsed.output.api_key_id, amount);
  }
  return {
    startTime: bucket.start_time,
    endTime: bucket.end_time,
    totalUsd,
    currency: currency || "usd",
    lineItemBreakdown,
    projectBreakdown,
    apiKeyBreakdown,
    rawResults,
  };
}

/** `amount.value`, else `units + nanos / 1e9` (a fallback outside the vendor's schema). */
function amountOf(result: CostResult): number | undefined {
  const { value, units, nanos } = result.amount;
  if (value !== undefined && value !== null) return value;
  if ((units === undefined || units === null) && (nanos === undefined || nanos === null)) {
    return undefined;
  }
  return (units ?? 0) + (nanos ?? 0) / 1e9;
}

// Null prototype: vendor strings such as `__proto__` stay plain keys.
function emptyMap(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

function addTo(map: Record<string, number>, key: unknown, amount: number): void {
  if (typeof key === "string") map[key] = (map[key] ?? 0) + amount;
}
