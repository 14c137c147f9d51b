import { type FakeResponse, type FakeServer, startFakeServer } from "./start-fake-server.js";

/** The vendors whose model list speaks the OpenAI protocol (`GET {base}/models`, bearer key). */
export type OpenAIProtocolVendor = "openai" | "deepseek" | "xai";

const VENDORS: readonly OpenAIProtocolVendor[] = ["openai", "deepseek", "xai"];

/** Where each vendor's list lives on the fake server (its base address plus `/models`). */
const BASE_PATHS: Record<OpenAIProtocolVendor, string> = {
  openai: "/openai/v1",
  deepseek: "/deepseek",
  xai: "/xai/v1",
};

const DEFAULT_KEYS: Record<OpenAIProtocolVendor, string> = {
  openai: "sk-fake-openai-key",
  deepseek: "sk-fake-deepseek-key",
  xai: "xai-fake-key",
};

/**
 * Default rows of each vendor's model list, in the vendor's documented row
 * shape (the OpenAI-protocol `GET /models`): OpenAI rows carry `created`, `owned_by` and
 * `shutdown_date`, DeepSeek rows have no `created` (its documented example),
 * xAI rows carry `created` and `owned_by`. A fresh copy on every call.
 */
export function defaultOpenAIProtocolModels(vendor: OpenAIProtocolVendor): unknown[] {
  switch (vendor) {
    case "openai":
      return [
        { id: "gpt-4o", object: "model", created: 1715367049, owned_by: "system" },
        { id: "gpt-4o-mini", object: "model", created: 1721172741, owned_by: "system" },
        {
          id: "gpt-5",
          object: "model",
          created: 1754425777,
          owned_by: "system",
          shutdown_date: null,
        },
      ];
    case "deepseek":
      return [
        { id: "deepseek-chat", object: "model", owned_by: "deepseek" },
        { id: "deepseek-reasoner", object: "model", owned_by: "deepseek" },
      ];
    case "xai":
      return [
        { created: 1714521600, id: "grok-2", object: "model", owned_by: "xai" },
        { created: 1752019200, id: "grok-4-0709", object: "model", owned_by: "xai" },
      ];
  }
}

/** Options of {@link startFakeOpenAIModels}. */
export interface FakeOpenAIModelsOptions {
  /**
   * The only key each vendor accepts as `Authorization: Bearer <key>`. Defaults:
   * openai `sk-fake-openai-key`, deepseek `sk-fake-deepseek-key`, xai `xai-fake-key`.
   */
  keys?: Partial<Record<OpenAIProtocolVendor, string>>;
  /** Rows of each vendor's list (any JSON values). Default {@link defaultOpenAIProtocolModels}. */
  models?: Partial<Record<OpenAIProtocolVendor, readonly unknown[]>>;
  /**
   * HTTP status of xAI's answer to a wrong or missing key. Default 400, the
   * status observed from xAI (the OpenAI-protocol `GET /models`); OpenAI and DeepSeek answer 401.
   */
  xaiAuthErrorStatus?: number;
}

/** A running fake of the three OpenAI-protocol model lists. */
export interface FakeOpenAIModels extends FakeServer {
  /**
   * Base address of each vendor, to pass as the catalog's `fallbackBaseUrls`:
   * openai `<url>/openai/v1`, deepseek `<url>/deepseek`, xai `<url>/xai/v1`
   * (the real layouts `…/v1/models`, `…/models`, `…/v1/models` under a vendor prefix).
   */
  readonly baseUrls: Readonly<Record<OpenAIProtocolVendor, string>>;
  /** The keys each vendor accepts. */
  readonly keys: Readonly<Record<OpenAIProtocolVendor, string>>;
  /** How many requests reached this vendor's list since the start or the last `reset()`. */
  modelListRequests(vendor: OpenAIProtocolVendor): number;
  /** Serves these rows for this vendor from now on. */
  setModels(vendor: OpenAIProtocolVendor, rows: readonly unknown[]): void;
}

/**
 * One fake server for the OpenAI, DeepSeek and xAI model lists
 * (`GET {base}/models`, the OpenAI-protocol `GET /models`), each under its own prefix so one
 * server serves all three. Each checks its bearer key and answers a wrong or
 * missing key in that vendor's error shape: OpenAI and DeepSeek
 * `{"error":{"message","type","param","code"}}` with 401, xAI
 * `{"code","error":"<string>"}` with 400. Error messages mask the key the way
 * the vendors do. Unknown paths get 404, other methods 405.
 */
export async function startFakeOpenAIModels(
  options: FakeOpenAIModelsOptions = {},
): Promise<FakeOpenAIModels> {
  const keys = { ...DEFAULT_KEYS, ...definedEntries(options.keys) };
  const models: Record<OpenAIProtocolVendor, readonly unknown[]> = {
    openai: options.models?.openai ?? defaultOpenAIProtocolModels("openai"),
    deepseek: options.models?.deepseek ?? defaultOpenAIProtocolModels("deepseek"),
    xai: options.models?.xai ?? defaultOpenAIProtocolModels("xai"),
  };
  const xaiAuthErrorStatus = options.xaiAuthErrorStatus ?? 400;

  const server = await startFakeServer((request) => {
    const vendor = vendorOf(request.path);
    if (vendor === undefined)
      return { status: 404, json: requestError("Unknown request URL", request) };
    if (request.method !== "GET") {
      return { status: 405, json: requestError("Method not allowed", request) };
    }
    const authorization = request.headers["authorization"] ?? "";
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (token !== keys[vendor]) return authError(vendor, token, xaiAuthErrorStatus);
    return { json: { object: "list", data: models[vendor] } };
  });

  const origin = server.url;
  return Object.assign(server, {
    baseUrls: {
      openai: origin + BASE_PATHS.openai,
      deepseek: origin + BASE_PATHS.deepseek,
      xai: origin + BASE_PATHS.xai,
    },
    keys,
    modelListRequests: (vendor: OpenAIProtocolVendor) =>
      server.requests.filter((r) => vendorOf(r.path) === vendor).length,
    setModels: (vendor: OpenAIProtocolVendor, rows: readonly unknown[]) => {
      models[vendor] = rows;
    },
  });
}

function vendorOf(path: string): OpenAIProtocolVendor | undefined {
  return VENDORS.find((vendor) => path === `${BASE_PATHS[vendor]}/models`);
}

function authError(
  vendor: OpenAIProtocolVendor,
  token: string | undefined,
  xaiStatus: number,
): FakeResponse {
  switch (vendor) {
    case "openai":
      return {
        status: 401,
        json: {
          error: {
            message:
              token === undefined
                ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
                : `Incorrect API key provided: ${token.slice(0, 3)}***${token.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: "invalid_request_error",
            param: null,
            code: token === undefined ? null : "invalid_api_key",
          },
        },
      };
    case "deepseek":
      return {
        status: 401,
        json: {
          error: {
            message: `Authentication Fails, Your api key: ****${(token ?? "").slice(-4)} is invalid`,
            type: "authentication_error",
            param: null,
            code: "invalid_request_error",
          },
        },
      };
    case "xai":
      return {
        status: xaiStatus,
        json: {
          code: "Client specified an invalid argument",
          error: `Incorrect API key provided: ${(token ?? "").slice(0, 2)}***. You can obtain an API key from https://console.x.ai.`,
        },
      };
  }
}

function requestError(what: string, request: { method: string; path: string }) {
  const message = `${what}: ${request.method} ${request.path}.`;
  return { error: { message, type: "invalid_request_error", param: null, code: null } };
}

function definedEntries<T>(
  record: Partial<Record<OpenAIProtocolVendor, T>> | undefined,
): Partial<Record<OpenAIProtocolVendor, T>> {
  const result: Partial<Record<OpenAIProtocolVendor, T>> = {};
  for (const vendor of VENDORS) {
    const value = record?.[vendor];
    if (value !== undefined) result[vendor] = value;
  }
  return result;
}
