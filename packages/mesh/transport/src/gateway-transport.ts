import { MeshAuthError, MeshGatewayError } from "@mesh/errors";
import { ErrorBodyLooseSchema, RETRYABLE_STATUSES } from "@mesh/protocol";
import { type $Fetch, $fetch, type FetchContext, FetchError } from "ofetch";
import * as v from "valibot";
import { redactToken } from "./redact-token.js";

/** Longest pause before a retry, whatever `Retry-After` asks for. */
const MAX_RETRY_DELAY_MS = 10_000;
const STATUS_EXCERPT_CHARS = 500;
const NON_JSON_EXCERPT_CHARS = 200;

/** Options of {@link GatewayTransport}; the caller resolves the defaults. */
export interface GatewayTransportOptions {
  /** Gateway base address without a trailing slash. */
  gatewayUrl: string;
  /** Bearer token, or `undefined` to send no `Authorization` header. */
  token: string | undefined;
  /** Deadline of a call in ms, from the request to the end of the response body, retries included. */
  timeout: number;
  /** Extra attempts of an idempotent call after a retryable failure. */
  retries: number;
  /** First retry pause in ms, doubling per attempt, with ±25 % jitter; `Retry-After` raises it. */
  retryDelayMs: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof globalThis.fetch | undefined;
}

/** One call to the gateway. */
export interface GatewayRequest {
  method: "GET" | "POST";
  /** Path without query; it is what error messages and `MeshGatewayError.path` show. */
  path: string;
  query?: Record<string, string> | undefined;
  body?: Record<string, unknown> | undefined;
  headers?: Record<string, string> | undefined;
  /** Whether the call may be repeated after a retryable failure (never for `register` or `send`). */
  idempotent: boolean;
  /** Extra attempts of this idempotent call, instead of the transport's `retries`. */
  retries?: number | undefined;
  /** Ends the request early; the abort reason is rethrown as is. */
  signal?: AbortSignal | undefined;
  /** Added to the timeout, for long polls that the gateway holds open on purpose. */
  extraTimeoutMs?: number | undefined;
  /** Set on the error of a failed send, so the caller can repeat it safely. */
  idempotencyKey?: string | undefined;
}

/** A parsed answer: its JSON (`undefined` for an empty body) and its headers. */
export interface GatewayResponse {
  data: unknown;
  headers: Headers;
}

/** A `GET` whose answer is read as it comes (an event stream). */
export interface GatewayStreamRequest {
  path: string;
  query?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
  /** Ends the request and its body; the abort reason is rethrown as is before the headers. */
  signal: AbortSignal;
}

/** An answer whose body is still to be read. */
export interface GatewayStreamResponse {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array<ArrayBuffer>> | null;
}

/**
 * The one HTTP channel of `@mesh/names` and `@mesh/client` to a gateway, event streams
 * included: the request URL and bearer token built here, ofetch for the JSON body and the
 * retries (jittered, honouring `Retry-After`, idempotent calls only), one deadline over the
 * whole call, then the mapping of every failure to a `MeshGatewayError` whose message never
 * holds the token. Connections are pooled by the fetch in use.
 */
export class GatewayTransport {
  readonly #options: GatewayTransportOptions;
  readonly #http: $Fetch;
  /** Built once per transport: ofetch merges default headers into each call's. */
  readonly #headers: Readonly<Record<string, string>>;

  constructor(options: GatewayTransportOptions) {
    this.#options = options;
    // The global fetch honours the signal; an injected one may not.
    const fetch = options.fetch ? abortable(options.fetch) : undefined;
    this.#http = $fetch.create(
      {
        // Parsed here, so that a body that is not JSON becomes a `MeshGatewayError`.
        responseType: "text",
        // ofetch also counts "no response" as 500, so a lost connection is retried too.
        retryStatusCodes: [...RETRYABLE_STATUSES],
        retryDelay: (context) => this.#retryDelay(context),
      },
      fetch ? { fetch } : {},
    );
    this.#headers = options.token ? { authorization: `Bearer ${options.token}` } : {};
  }

  /** The gateway base address, without a trailing slash. */
  get gatewayUrl(): string {
    return this.#options.gatewayUrl;
  }

  /**
   * Sends one call (plus retries when allowed); resolves to parsed JSON, or `undefined` for an
   * empty body. The timeout bounds the whole call, retries and their pauses included.
   */
  async request(req: GatewayRequest): Promise<unknown> {
    return (await this.requestWithHeaders(req)).data;
  }

  /**
   * `request`, also answering the response headers (for a `Link` header that points at the
   * next page).
   */
  async requestWithHeaders(req: GatewayRequest): Promise<GatewayResponse> {
    const timeoutMs = this.#options.timeout + (req.extraTimeoutMs ?? 0);
    // A timer cleared when the call ends: `AbortSignal.timeout` would keep one alive per call
    // for the whole timeout, which costs measurably at thousands of calls a second.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(timeoutError()), timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
    let text: string | undefined;
    let status: number;
    let headers: GatewayResponse["headers"];
    try {
      const response = await this.#http.raw<string, "text">(this.#url(req), {
        method: req.method,
        // ofetch serializes an object body and sets `content-type` and `accept` to JSON.
        ...(req.body && { body: req.body }),
        headers: req.headers ? { ...this.#headers, ...req.headers } : this.#headers,
        retry: req.idempotent ? (req.retries ?? this.#options.retries) : 0,
        signal,
        // Neither the caller's abort nor the deadline is retried.
        onRequestError: () => {
          if (req.signal?.aborted) throw req.signal.reason;
          if (deadline.signal.aborted) throw deadline.signal.reason;
        },
      });
      text = response._data;
      status = response.status;
      headers = response.headers;
    } catch (error) {
      if (req.signal?.aborted) throw req.signal.reason;
      throw this.#failure(req, timeoutMs, error);
    } finally {
      clearTimeout(timer);
    }
    if (text === undefined || !/\S/.test(text)) return { data: undefined, headers };
    try {
      return { data: JSON.parse(text), headers };
    } catch (cause) {
      const excerpt = this.#excerpt(text, NON_JSON_EXCERPT_CHARS);
      throw new MeshGatewayError({
        message: `${req.method} ${req.path} returned a body that is not JSON (status ${status}): ${excerpt}`,
        ...this.#where(req),
        status,
        bodyExcerpt: excerpt,
        isRetryable: false,
        cause,
      });
    }
  }

  /**
   * Opens a `GET` whose body is read as it comes (an event stream), with the same address,
   * token and error mapping as every call, and never retried: the caller resumes on its own
   * terms. The transport's `timeout` bounds the wait for the response headers only; `signal`
   * ends the body too.
   *
   * @throws {MeshGatewayError} on no answer in time, no connection or a status >= 400
   * (`MeshAuthError` for 401/403); the caller's abort reason as is.
   */
  async openStream(req: GatewayStreamRequest): Promise<GatewayStreamResponse> {
    const call: GatewayRequest = {
      method: "GET",
      path: req.path,
      query: req.query,
      idempotent: false,
    };
    const timeoutMs = this.#options.timeout;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(timeoutError()), timeoutMs);
    try {
      const response = await this.#http.raw(this.#url(call), {
        method: "GET",
        responseType: "stream",
        headers: req.headers ? { ...this.#headers, ...req.headers } : this.#headers,
        retry: 0,
        signal: AbortSignal.any([req.signal, deadline.signal]),
        onRequestError: () => {
          if (req.signal.aborted) throw req.signal.reason;
          if (deadline.signal.aborted) throw deadline.signal.reason;
        },
      });
      return { status: response.status, headers: response.headers, body: response.body };
    } catch (error) {
      if (req.signal.aborted) throw req.signal.reason;
      if (error instanceof FetchError) await error.response?.body?.cancel().catch(() => {});
      throw this.#failure(call, timeoutMs, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The absolute request URL: base address, path, then the query with every value encoded. By
   * plain concatenation rather than ofetch's `baseURL` and `query`, which parse and merge on
   * every call (~35 µs of a ~500 µs loopback request).
   */
  #url(req: GatewayRequest): string {
    let url = this.#options.gatewayUrl + req.path;
    if (req.query === undefined) return url;
    let separator = "?";
    for (const key in req.query) {
      url += `${separator}${encodeURIComponent(key)}=${encodeURIComponent(req.query[key]!)}`;
      separator = "&";
    }
    return url;
  }

  #failure(req: GatewayRequest, timeoutMs: number, error: unknown): MeshGatewayError {
    const response = error instanceof FetchError ? error.response : undefined;
    if (response === undefined) return this.#noResponse(req, timeoutMs, error);
    const status = response.status;
    const text = typeof response._data === "string" ? response._data : "";
    const server = this.#readErrorBody(text);
    if (status === 401 || status === 403) {
      return new MeshAuthError({
        message: `${req.method} ${req.path}: the mesh gateway ${authProblem(status, this.#options.token)} (status ${status}); set MESH_GATEWAY_TOKEN or pass the \`token\` option with a token this gateway accepts`,
        ...this.#where(req),
        status,
        ...server,
      });
    }
    const excerpt = this.#excerpt(text, STATUS_EXCERPT_CHARS);
    return new MeshGatewayError({
      message: `${req.method} ${req.path} failed with status ${status}: ${excerpt || "(empty body)"}`,
      ...this.#where(req),
      status,
      ...server,
      bodyExcerpt: excerpt,
    });
  }

  #noResponse(req: GatewayRequest, timeoutMs: number, error: unknown): MeshGatewayError {
    const cause = error instanceof FetchError && error.cause !== undefined ? error.cause : error;
    const origin = new URL(this.#options.gatewayUrl).origin;
    let message: string;
    if (cause instanceof Error && cause.name === "TimeoutError") {
      message = `${req.method} ${req.path} timed out after ${timeoutMs} ms waiting for the mesh gateway at ${origin}; check that it is running or raise the \`timeout\` option`;
    } else if (origin.startsWith("https:") && isTlsMismatch(cause)) {
      const plain = origin.replace(/^https:/, "http:");
      message = `${req.method} ${req.path}: the mesh gateway at ${origin} does not speak TLS (a plain-HTTP port?); set MESH_GATEWAY_URL to ${plain}, or put the gateway behind a TLS proxy and use its address`;
    } else {
      message = `${req.method} ${req.path} could not reach the mesh gateway at ${origin} (${redactToken(rootCause(cause), this.#options.token)}); check MESH_GATEWAY_URL and that the gateway is running`;
    }
    return new MeshGatewayError({ message, ...this.#where(req), cause });
  }

  #where(req: GatewayRequest) {
    return { method: req.method, path: req.path, idempotencyKey: req.idempotencyKey };
  }

  /** Redacted before it is cut, so a token split by the cut cannot leak its first half. */
  #excerpt(text: string, length: number): string {
    return redactToken(text, this.#options.token).slice(0, length);
  }

  /** `error` and `message` of a gateway error body, when the body is one. */
  #readErrorBody(text: string): { serverCode?: string; serverMessage?: string } {
    let body: v.SafeParseResult<typeof ErrorBodyLooseSchema>;
    try {
      body = v.safeParse(ErrorBodyLooseSchema, JSON.parse(text));
    } catch {
      return {};
    }
    if (!body.success) return {};
    const { error, message } = body.output;
    return {
      ...(error !== undefined && { serverCode: error }),
      ...(message !== undefined && {
        serverMessage: this.#excerpt(message, STATUS_EXCERPT_CHARS),
      }),
    };
  }

  #retryDelay(context: FetchContext): number {
    const remaining = typeof context.options.retry === "number" ? context.options.retry : 0;
    const attempt = Math.max(0, this.#options.retries - remaining);
    const backoff = this.#options.retryDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
    const asked = retryAfterMs(context.response?.headers.get("retry-after") ?? null);
    return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, asked));
  }
}

/** The reason a deadline aborts with, the one `AbortSignal.timeout` gives. */
function timeoutError(): DOMException {
  return new DOMException("The operation was aborted due to timeout", "TimeoutError");
}

/** `Retry-After` in ms: delay seconds or an HTTP date; 0 when absent or unreadable. */
function retryAfterMs(value: string | null): number {
  if (value === null) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - Date.now());
}

function authProblem(status: number, token: string | undefined): string {
  if (status === 403) {
    return "refused the token for this operation (a peer token may act only as its own peer)";
  }
  return token ? "rejected the token" : "requires a token and none was sent";
}

/**
 * A fetch that also gives up when the signal aborts, even if the fetch itself ignores the signal
 * (an injected fetch may): a deadline must hold whatever fetch is in use.
 */
function abortable(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const signal = init?.signal;
    if (!signal) return fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      fetch(input, init)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
}

/**
 * The root cause of a transport failure, e.g. `connect ECONNREFUSED 127.0.0.1:8788`. fetch wraps
 * it in layers ("fetch failed") that add nothing for the reader.
 */
/**
 * Whether a failure is the TLS handshake meeting something else: OpenSSL's "wrong version
 * number" (`EPROTO`) when an `https:` address points at a plain-HTTP port, whose own message is
 * an OpenSSL internal line that says nothing to a user.
 */
function isTlsMismatch(cause: unknown): boolean {
  let root = cause;
  for (let depth = 0; depth < 8 && root instanceof Error; depth++) {
    const code = (root as { code?: unknown }).code;
    if (code === "EPROTO" || (typeof code === "string" && code.startsWith("ERR_SSL_"))) return true;
    if (/wrong version number|SSL routines/i.test(root.message)) return true;
    root = root.cause;
  }
  return false;
}

function rootCause(cause: unknown): string {
  let root = cause;
  for (let depth = 0; depth < 8 && root instanceof Error && root.cause !== undefined; depth++) {
    root = root.cause;
  }
  if (!(root instanceof Error)) return String(root);
  if (root.message !== "") return root.message;
  // An AggregateError (every address of a host refused) has an empty message but a code.
  const code = (root as { code?: unknown }).code;
  return typeof code === "string" ? code : root.name;
}
