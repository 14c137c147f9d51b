import { readFileSync } from "node:fs";
import { type FakeServer, startFakeServer } from "./start-fake-server.js";

/** Options of {@link startFakeDeepSeekBalance}. */
export interface FakeDeepSeekBalanceOptions {
  /** The only key the server accepts as `Authorization: Bearer <key>`. Default `sk-fake-deepseek-key`. */
  apiKey?: string;
  /** Body answered to `GET /user/balance`. Default: the documented example (`deepSeekBalanceDocExample()`). */
  balance?: unknown;
}

/**
 * The documented example response of DeepSeek `GET /user/balance`
 * (https://api-docs.deepseek.com/api/get-user-balance), a fresh copy on every call.
 */
export function deepSeekBalanceDocExample(): unknown {
  const file = new URL("../fixtures/deepseek-user-balance-doc-example.json", import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as unknown;
}

/**
 * A fake DeepSeek API on 127.0.0.1 answering `GET /user/balance` with a
 * bearer-key check. A wrong or missing key gets DeepSeek's observed 401 body
 * (which masks all but the key's last four characters); other paths get 404.
 */
export async function startFakeDeepSeekBalance(
  options: FakeDeepSeekBalanceOptions = {},
): Promise<FakeServer> {
  const apiKey = options.apiKey ?? "sk-fake-deepseek-key";
  const balance = options.balance ?? deepSeekBalanceDocExample();
  return startFakeServer((request) => {
    if (request.method !== "GET" || request.path !== "/user/balance") {
      return { status: 404, json: deepSeekError("Not Found", "invalid_request_error", null) };
    }
    const authorization = request.headers["authorization"] ?? "";
    if (authorization !== `Bearer ${apiKey}`) {
      const tail = authorization.replace(/^Bearer\s*/, "").slice(-4);
      return {
        status: 401,
        json: deepSeekError(
          `Authentication Fails, Your api key: ****${tail} is invalid`,
          "authentication_error",
          "invalid_request_error",
        ),
      };
    }
    return { json: balance };
  });
}

function deepSeekError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}
