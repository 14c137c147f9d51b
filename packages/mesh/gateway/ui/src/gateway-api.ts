/**
 * Brand of {@link ApiError}: a registered symbol, so `ApiError.isInstance` also holds for an error
 * made by another copy of this module (another bundle, or another realm such as an iframe).
 */
const API_ERROR_BRAND: unique symbol = Symbol.for("@mesh/gateway/ui/ApiError") as never;

/** What an {@link ApiError} carries. */
export interface ApiErrorOptions {
  /** The gateway's error code (the body's `error`), `unreachable` or `http_error`. */
  code: string;
  /** What happened, from the gateway's `message` (never a token). */
  message: string;
  /** The HTTP status; 0 when the gateway could not be reached. */
  status: number;
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/** A refusal or failure of the gateway, with its error code and message (never a token). */
export class ApiError extends Error {
  /** The brand every instance carries. */
  static readonly brand: symbol = API_ERROR_BRAND;

  readonly status: number;
  readonly code: string;
  readonly [API_ERROR_BRAND] = true;

  constructor(options: ApiErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiError";
    this.status = options.status;
    this.code = options.code;
  }

  /** Whether `value` is an `ApiError`, from this or any other copy of the module. */
  static isInstance(value: unknown): value is ApiError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[API_ERROR_BRAND] === true
    );
  }

  /**
   * `instanceof ApiError` answers as {@link ApiError.isInstance} does, so it also holds across copies;
   * a subclass keeps the plain prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class the check is made against
    const type = this as unknown;
    return type === ApiError
      ? ApiError.isInstance(value)
      : Function.prototype[Symbol.hasInstance].call(type, value);
  }
}

/** Who the signed-in token is, as `GET /ui/session` says. */
export interface Session {
  token: string;
  auth: "admin" | "peer" | "open";
  /** The peer a peer token belongs to; `null` for the admin token and open mode. */
  peer: string | null;
}

/** A successful answer: its body as text and the `next` page of its `Link` header, if any. */
export interface Answer {
  text: string;
  next: string | null;
}

/**
 * The path of `rel="next"` in a `Link` header (RFC 8288), resolved against the URL of the
 * request; `null` when there is none or it leaves the gateway's origin.
 */
export function nextLink(header: string | null, requestUrl: string): string | null {
  if (header === null) return null;
  for (const part of header.split(",")) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match !== null && /(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2] ?? "")) {
      const base = new URL(requestUrl);
      const url = new URL(match[1] ?? "", base);
      return url.origin === base.origin ? `${url.pathname}${url.search}` : null;
    }
  }
  return null;
}

/** One request to the gateway with the bearer token; the token goes in a header only. */
export async function request(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = {
    method,
    headers: {
      ...(token === "" ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    cache: "no-store",
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError({
      code: "unreachable",
      message: "the gateway cannot be reached; check that it is running",
      status: 0,
    });
  }
  const text = await response.text();
  if (!response.ok) {
    const error = parse(text) as { error?: unknown; message?: unknown } | undefined;
    throw new ApiError({
      code: typeof error?.error === "string" ? error.error : "http_error",
      message: typeof error?.message === "string" ? error.message : `status ${response.status}`,
      status: response.status,
    });
  }
  return { text, next: nextLink(response.headers.get("link"), response.url) };
}

function parse(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One JSON request to the gateway; resolves the parsed body. */
export async function api<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return parse((await request(token, method, path, body, headers)).text) as T;
}
