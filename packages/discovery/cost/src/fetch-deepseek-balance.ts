import {
  envValue,
  fetchJson,
  readDeepSeekLegacyKey,
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
// Checked, not transformed: the validated body is also `raw`, which keeps the vendor's strings.
const AmountSchema = v.union([
  v.pipe(v.string(), v.regex(DECIMAL)),
  v.pipe(v.number(), v.finite()),
]);
const BalanceInfoSchema = v.looseObject({
  currency: v.optional(v.nullable(v.string())),
  total_balance: AmountSchema,
  granted_balance: AmountSchema,
  topped_up_balance: AmountSchema,
});
const BalanceBodySchema = v.looseObject({
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
  return (await safeFetchDeepSeekBalance(options)).data;
}

/**
 * {@link fetchDeepSeekBalance} with the reason of a failure: `{ data, error }`,
 * `error` a `DiscoveryError` (`missing_credential`, `http_error`, …) or null.
 * Never throws; logs as `fetchDeepSeekBalance` does.
 */
export async function safeFetchDeepSeekBalance(
  options?: FetchDeepSeekBalanceOptions,
): Promise<SafeResult<DeepSeekBalance | null>> {
  return runCostLookup(options, OptionsSchema, LABEL, null, readBalance);
}

async function readBalance(
  options: FetchDeepSeekBalanceOptions,
): Promise<SafeResult<DeepSeekBalance | null>> {
  const apiKey =
    resolveCredential(options.apiKey, envValue("DEEPSEEK_API_KEY")) ??
    resolveCredential(readDeepSeekLegacyKey());
  if (apiKey === undefined) {
    return failed(
      null,
      "missing_credential",
      `${LABEL}: no API key (pass apiKey, set DEEPSEEK_API_KEY or add it to ~/.deepseek/.env)`,
    );
  }
  const url = joinUrl(options.baseUrl ?? DEFAULT_BASE_URL, "/user/balance");
  const request = requestOptions(
    options,
    options.timeout ?? DEFAULT_TIMEOUT_MS,
    LABEL,
    { authorization: `Bearer ${apiKey}` },
    apiKey,
  );
  const result = await fetchJson(url, { ...request, schema: BalanceBodySchema });
  if (!result.ok) return { data: null, error: result.error };
  const body = result.data;
  const infos = body.balance_infos ?? [];
  const entry = infos.find((info) => info.currency === "USD") ?? infos[0];
  return {
    data: {
      totalBalance: Number(entry?.total_balance ?? 0),
      grantedBalance: Number(entry?.granted_balance ?? 0),
      toppedUpBalance: Number(entry?.topped_up_balance ?? 0),
      currency: entry?.currency || "USD",
      isAvailable: body.is_available ?? true,
      fetchedAt: new Date().toISOString(),
      raw: body as Record<string, unknown>,
    },
    error: null,
  };
}
