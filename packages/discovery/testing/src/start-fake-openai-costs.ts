import { readFileSync } from "node:fs";
import { type FakeServer, startFakeServer } from "./start-fake-server.js";

/** One cost bucket as OpenAI's `GET /v1/organization/costs` returns it. */
export interface FakeOpenAICostBucket {
  object?: string;
  /** Unix seconds, inclusive. The fake filters on it with `start_time`/`end_time`. */
  start_time: number;
  /** Unix seconds, exclusive. */
  end_time: number;
  results: unknown[];
  [field: string]: unknown;
}

/** Options of {@link startFakeOpenAICosts}. */
export interface FakeOpenAICostsOptions {
  /** The only admin key accepted as `Authorization: Bearer <key>`. Default `sk-admin-fake-openai-key`. */
  adminKey?: string;
  /**
   * Every bucket the organization has, served in this order (not re-sorted, so
   * tests can check that clients sort). Default: the buckets of the official
   * spec example (`openAICostsSpecExample()`).
   */
  buckets?: readonly FakeOpenAICostBucket[];
}

const DAY_SECONDS = 86_400;
const GROUP_BY_VALUES = new Set(["line_item", "project_id", "api_key_id"]);

/** The official example response of `GET /v1/organization/costs`, a fresh copy on every call. */
export function openAICostsSpecExample(): {
  object: "page";
  data: FakeOpenAICostBucket[];
  has_more: boolean;
  next_page: string | null;
} {
  const file = new URL("../fixtures/openai-costs-spec-example.json", import.meta.url);
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Options of {@link makeOpenAICostBuckets}. */
export interface MakeOpenAICostBucketsOptions {
  /** Number of daily buckets. */
  count: number;
  /** Start of the first bucket, Unix seconds. Default 1730419200 (2024-11-01T00:00:00Z). */
  startTime?: number;
  /** Cost results per bucket, each on its own line item and project. Default 2. */
  resultsPerBucket?: number;
}

/**
 * Consecutive daily buckets with grouped results, result `j` of bucket `i`
 * costing `(i + 1) * (j + 1) / 100` USD on line item `model-j, input`,
 * project `proj_j` and API key `key_j`.
 */
export function makeOpenAICostBuckets(
  options: MakeOpenAICostBucketsOptions,
): FakeOpenAICostBucket[] {
  const start = options.startTime ?? 1_730_419_200;
  const perBucket = options.resultsPerBucket ?? 2;
  return Array.from({ length: options.count }, (_, i) => ({
    object: "bucket",
    start_time: start + i * DAY_SECONDS,
    end_time: start + (i + 1) * DAY_SECONDS,
    results: Array.from({ length: perBucket }, (_, j) => ({
      object: "organization.costs.result",
      amount: { value: ((i + 1) * (j + 1)) / 100, currency: "usd" },
      line_item: `model-${j}, input`,
      project_id: `proj_${j}`,
      api_key_id: `key_${j}`,
      quantity: null,
      quantity_unit: null,
    })),
  }));
}

/** The opaque cursor the fake hands out as `next_page` (base64, so it needs URL encoding). */
export function openAICostsPageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString("base64");
}

/**
 * A fake OpenAI API on 127.0.0.1 answering `GET /v1/organization/costs` like
 * the vendor: admin-key check, `start_time` (required), `end_time`, `limit`
 * (1 to 180, default 7), `bucket_width` (`1d` only), `group_by` and `page`,
 * with `has_more`/`next_page` paging over the configured buckets. Errors use
 * OpenAI's `{"error":{message,type,param,code}}` body.
 */
export async function startFakeOpenAICosts(
  options: FakeOpenAICostsOptions = {},
): Promise<FakeServer> {
  const adminKey = options.adminKey ?? "sk-admin-fake-openai-key";
  const buckets = options.buckets ?? openAICostsSpecExample().data;
  return startFakeServer((request) => {
    if (request.method !== "GET" || request.path !== "/v1/organization/costs") {
      return openAIError(404, `Invalid URL (${request.method} ${request.path})`, null);
    }
    if (request.headers["authorization"] !== `Bearer ${adminKey}`) {
      return {
        status: 401,
        json: {
          error: {
            message:
              "Incorrect API key provided. You need an admin key to read organization costs.",
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        },
      };
    }
    const query = request.query;
    const start = integerParam(query.get("start_time"));
    if (start === undefined) return openAIError(400, "Invalid start_time", "start_time");
    const endRaw = query.get("end_time");
    const end = endRaw === null ? undefined : integerParam(endRaw);
    if (endRaw !== null && end === undefined) {
      return openAIError(400, "Invalid end_time", "end_time");
    }
    const limitRaw = query.get("limit");
    const limit = limitRaw === null ? 7 : integerParam(limitRaw);
    if (limit === undefined || limit < 1 || limit > 180) {
      return openAIError(400, "limit must be between 1 and 180", "limit");
    }
    const width = query.get("bucket_width");
    if (width !== null && width !== "1d") {
      return openAIError(400, "bucket_width must be 1d", "bucket_width");
    }
    if (query.getAll("group_by").some((value) => !GROUP_BY_VALUES.has(value))) {
      return openAIError(400, "Invalid group_by", "group_by");
    }
    const page = query.get("page");
    const offset = page === null ? 0 : decodePageToken(page);
    if (offset === undefined) return openAIError(400, "Invalid page cursor", "page");

    const inWindow = buckets.filter(
      (bucket) => bucket.start_time >= start && (end === undefined || bucket.start_time < end),
    );
    const data = inWindow.slice(offset, offset + limit);
    const hasMore = offset + limit < inWindow.length;
    return {
      json: {
        object: "page",
        data,
        has_more: hasMore,
        next_page: hasMore ? openAICostsPageToken(offset + limit) : null,
      },
    };
  });
}

function integerParam(value: string | null): number | undefined {
  if (value === null || !/^-?\d+$/.test(value)) return undefined;
  return Number(value);
}

function decodePageToken(token: string): number | undefined {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, "base64").toString("utf8"));
  return match ? Number(match[1]) : undefined;
}

function openAIError(status: number, message: string, param: string | null) {
  return { status, json: { error: { code: null, message, param, type: "invalid_request_error" } } };
}
