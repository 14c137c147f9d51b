import { MeshAuthError, MeshGatewayError } from "@mesh/errors";
import { createFetch, type FetchOptions, type FetchResponse } from "ofetch";
import { Agent, fetch as undiciFetch } from "undici";

/** Statuses worth another try: the gateway or a proxy in front of it is briefly unavailable. */
const RETRY_STATUSES = new Set([502, 503, 504]);
const STATUS_EXCERPT_CHARS = 500;
const NON_JSON_EXCERPT_CHARS = 200;

export interface TransportOptions {
  /** Gateway base address without a trailing slash. */
  gatewayUrl: string;
  /** Bearer token, or `undefined` to send no `Authorization` header. */
  token: string | undefined;
  /** Per-attempt request timeout in ms. */
  timeout: number;
  /** Extra attempts for retryable failures. */
  retries: number;
  /** First backoff delay in ms; doubles per attempt. */
  retryDelayMs: number;
  /** A caller's fetch; when given, the global dispatcher is used instead of a private pool. */
  fetch: typeof globalThis.fetch | undefined;
}

export interface GatewayRequest {
  method: "GET" | "POST";
  /** Path without query; it is what error messages and `MeshGatewayError.path` show. */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Retry connection failures and 502/503/504 (only for reads and idempotent writes). */
  retry: boolean;
  /** Ends the request early; the abort reason is rethrown as is. */
  signal?: AbortSignal;
  /** Added to the timeout, for long polls that the gateway holds open on purpose. */
  extraTimeoutMs?: number;
}

/**
 * One pooled HTTP channel to the gateway: a keep-alive undici Agent shared by every call of one
 * client (or the caller's fetch), response decoding, error mapping and retries.
 */
export class GatewayTransport {
  readonly #options: TransportOptions;
  readonly #agent: Agent | undefined;
  readonly #http: ReturnType<typeof createFetch>;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#agent = options.fetch ? undefined : new Agent({ keepAliveTimeout: 30_000 });
    // The pool's own fetch, not the global one: Node bundles its own undici, whose major version
    // differs across Node releases, and a dispatcher must come from the same undici as the fetch.
    const fetchImpl = options.fetch ?? (undiciFetch as unknown as typeof globalThis.fetch);
    const defaults: FetchOptions = {
      retry: false,
      ignoreResponseError: true,
      responseType: "text",
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    };
    if (this.#agent) {
      // ofetch passes unknown options through to fetch.
      (defaults as Record<string, unknown>)["dispatcher"] = this.#agent;
    }
    this.#http = createFetch({ fetch: fetchImpl }).create(defaults);
  }

  /** Sends one request (plus retries when allowed); resolves to parsed JSON, or `undefined` for an empty body. */
  async request(req: GatewayRequest): Promise<unknown> {
    const attempts = req.retry ? this.#options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#attempt(req);
      if (outcome.ok) return outcome.value;
      if (!outcome.retryable || attempt >= attempts) throw outcome.error;
      await sleep(this.#options.retryDelayMs * 2 ** (attempt - 1), req.signal);
    }
  }

  /** Closes the pooled connections; requests in flight finish first. */
  async close(): Promise<void> {
    await this.#agent?.close();
  }

  async #attempt(
    req: GatewayRequest,
  ): Promise<
    { ok: true; value: unknown } | { ok: false; error: MeshGatewayError; retryable: boolean }
  > {
    const timeoutMs = this.#options.timeout + (req.extraTimeoutMs ?? 0);
    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeoutSignal]) : timeoutSignal;
    const where = { method: req.method, path: req.path };
    let response: FetchResponse<string>;
    try {
      // The URL is built here rather than with ofetch's baseURL/query: that path costs more per call.
      const query = req.query ? `?${new URLSearchParams(req.query)}` : "";
      const url = `${this.#options.gatewayUrl}${req.path}${query}`;
      response = await this.#http.raw<string, "text">(url, {
        method: req.method,
        ...(req.body ? { body: req.body } : {}),
        ...(req.headers ? { headers: req.headers } : {}),
        signal,
      });
    } catch (cause) {
      if (req.signal?.aborted) throw req.signal.reason;
      if (timeoutSignal.aborted) {
        const message = `${req.method} ${req.path} timed out after ${timeoutMs} ms waiting for the mesh gateway at ${this.#origin()}; check that it is running or raise the client's \`timeout\``;
        return {
          ok: false,
          error: new MeshGatewayError(message, { ...where, cause }),
          retryable: false,
        };
      }
      const message = `${req.method} ${req.path} could not reach the mesh gateway at ${this.#origin()} (${this.#redact(describe(cause))}); check MESH_GATEWAY_URL and that the gateway is running`;
      return {
        ok: false,
        error: new MeshGatewayError(message, { ...where, cause }),
        retryable: true,
      };
    }
    const status = response.status;
    const text = typeof response._data === "string" ? response._data : "";
    if (status === 401 || status === 403) {
      const problem =
        status === 401
          ? this.#options.token
            ? "rejected the token"
            : "requires a token and none was sent"
          : "refused the token for this operation (a peer token may act only as its own peer)";
      const message = `${req.method} ${req.path}: the mesh gateway ${problem} (status ${status}); set MESH_GATEWAY_TOKEN or pass the \`token\` option with a token this gateway accepts`;
      return {
        ok: false,
        error: new MeshAuthError(message, { ...where, status }),
        retryable: false,
      };
    }
    if (status >= 400) {
      const excerpt = this.#redact(text).slice(0, STATUS_EXCERPT_CHARS);
      const message = `${req.method} ${req.path} failed with status ${status}: ${excerpt || "(empty body)"}`;
      return {
        ok: false,
        error: new MeshGatewayError(message, { ...where, status }),
        retryable: RETRY_STATUSES.has(status),
      };
    }
    if (text.trim() === "") return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (cause) {
      const excerpt = this.#redact(text).slice(0, NON_JSON_EXCERPT_CHARS);
      const message = `${req.method} ${req.path} returned a body that is not JSON (status ${status}): ${excerpt}`;
      return {
        ok: false,
        error: new MeshGatewayError(message, { ...where, status, cause }),
        retryable: false,
      };
    }
  }

  #origin(): string {
    try {
      // `origin` drops any user:password part of the address.
      return new URL(this.#options.gatewayUrl).origin;
    } catch {
      return "(invalid address)";
    }
  }

  /** Removes the token from text that came from elsewhere (a response body, a cause message). */
  #redact(text: string): string {
    const token = this.#options.token;
    return token ? text.replaceAll(token, "[REDACTED]") : text;
  }
}

/**
 * The root cause of a transport failure, e.g. `connect ECONNREFUSED 127.0.0.1:8788`. ofetch and
 * undici wrap it in layers ("fetch failed", and a message quoting the whole request URL) that
 * add nothing for the reader.
 */
function describe(cause: unknown): string {
  let root = cause;
  for (let depth = 0; depth < 8 && root instanceof Error && root.cause !== undefined; depth++) {
    root = root.cause;
  }
  if (!(root instanceof Error)) return String(root);
  const code = (root as { code?: unknown }).code;
  if (root.message !== "") return root.message;
  // An AggregateError (every address of a host refused) has an empty message but a code.
  return typeof code === "string" ? code : root.name;
}

/** Waits `ms`, or rejects with the abort reason as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
