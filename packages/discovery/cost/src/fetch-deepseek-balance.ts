import {
  type DiscoveryLogger,
  envValue,
  fetchJson,
  readDeepSeekLegacyKey,
  resolveCredential,
} from "@discovery/core";
import * as v from "valibot";
import {
  type CostRequestOptions,
  invalidFields,
  joinUrl,
  requestOptions,
  runCostLookup,
  transportEntries,
} from "./cost-request-options.js";

/** Options of {@link fetchDeepSeekBalance}. */
export interface FetchDeepSeekBalanceOptions extends CostRequestOptions {
  /** DeepSeek API key. Default: `DEEPSEEK_API_KEY`, else the legacy key file (`DEEPSEEK_LEGACY_ENV_PATH` or `~/.deepseek/.env`). */
  apiKey?: string;
  /** Request timeout in milliseconds. Default 10000. */
  timeout?: number;
  /** Default `https://api.deepseek.com`. */
  baseUrl?: string;
}

/** A DeepSeek credit balance snapshot. */
export interface DeepSeekBalance {
  totalBalance: number;
  grantedBalance: number;
  toppedUpBalance: number;
  /** `USD` or `CNY`; `USD` when the vendor reports no balance entry. */
  currency: string;
  isAvailable: boolean;
  /** When the snapshot was taken, ISO 8601. */
  fetchedAt: string;
  /** The whole response body. */
  raw: Record<string, unknown>;
}

const DEFAULT_BASE_URL = "https://api.deepseek.com";
const DEFAULT_TIMEOUT_MS = 10_000;
const LABEL = "DeepSeek balance";

// Balances are decimal strings ("110.00", "11.23456789"); hex, "Infinity" and "" are refused.
const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const AmountSchema = v.pipe(
  v.union([v.pipe(v.string(), v.regex(DECIMAL)), v.pipe(v.number(), v.finite())]),
  v.transform(Number),
);
const BalanceInfoSchema = v.object({
  currency: v.optional(v.nullable(v.string())),
  total_balance: AmountSchema,
  granted_balance: AmountSchema,
  topped_up_balance: AmountSchema,
});
const BalanceBodySchema = v.object({
  is_available: v.optional(v.nullable(v.boolean())),
  balance_infos: v.optional(v.nullable(v.array(BalanceInfoSchema))),
});
const OptionsSchema = v.object({ ...transportEntries });

/**
 * The DeepSeek credit balance (`GET {baseUrl}/user/balance`): the `USD` entry,
 * else the first; zero balances when the vendor lists none. Never throws: a
 * missing key or any failure (network, timeout, HTTP status, malformed JSON,
 * unexpected shape) is logged and gives `null`. The key never reaches a log
 * line or `raw` (an echoed key becomes `[REDACTED]`).
 */
export async function fetchDeepSeekBalance(
  options?: FetchDeepSeekBalanceOptions,
): Promise<DeepSeekBalance | null> {
  return runCostLookup(options, OptionsSchema, LABEL, null, readBalance);
}

async function readBalance(
  options: FetchDeepSeekBalanceOptions,
  logger: DiscoveryLogger,
): Promise<DeepSeekBalance | null> {
  const apiKey =
    resolveCredential(options.apiKey, envValue("DEEPSEEK_API_KEY")) ??
    resolveCredential(readDeepSeekLegacyKey());
  if (apiKey === undefined) {
    logger.warn(
      `${LABEL}: no API key (pass apiKey, set DEEPSEEK_API_KEY or add it to ~/.deepseek/.env); returning null`,
    );
    return null;
  }
  const url = joinUrl(options.baseUrl ?? DEFAULT_BASE_URL, "/user/balance");
  const result = await fetchJson(
    url,
    requestOptions(
      options,
      options.timeout ?? DEFAULT_TIMEOUT_MS,
      LABEL,
      { authorization: `Bearer ${apiKey}` },
      apiKey,
    ),
  );
  if (!result.ok) {
    logger.warn(`${result.error.message}; returning null`);
    return null;
  }
  const body = v.safeParse(BalanceBodySchema, result.data);
  // valibot's object schemas also accept arrays; a balance body never is one.
  if (!body.success || Array.isArray(result.data)) {
    const where = body.success ? "top level" : invalidFields(body.issues);
    logger.warn(`${LABEL}: unexpected response shape at ${where}; returning null`);
    return null;
  }
  const infos = body.output.balance_infos ?? [];
  const entry = infos.find((info) => info.currency === "USD") ?? infos[0];
  return {
    totalBalance: entry?.total_balance ?? 0,
    grantedBalance: entry?.granted_balance ?? 0,
    toppedUpBalance: entry?.topped_up_balance ?? 0,
    currency: entry?.currency || "USD",
    isAvailable: body.output.is_available ?? true,
    fetchedAt: new Date().toISOString(),
    raw: result.data as Record<string, unknown>,
  };
}
