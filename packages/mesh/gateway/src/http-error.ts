import { type ErrorCode, errorStatus } from "@mesh/protocol";

/**
 * Brand of {@link HttpError}: a registered symbol, so `HttpError.isInstance` also holds for an error
 * made by another copy of this package (two installs, or another realm).
 */
const HTTP_ERROR_BRAND: unique symbol = Symbol.for("@mesh/gateway/HttpError") as never;

/** An error reply: its code, its message, and the extra parts some replies carry. */
export interface HttpErrorOptions {
  /** The body's `error`. */
  code: ErrorCode;
  /** The body's `message`: what happened and what to do; never a secret. */
  message: string;
  /** The HTTP status; default the code's status in `@mesh/protocol`'s `ERROR_TABLE`. */
  status?: number | undefined;
  /** Sent as the `Retry-After` header (seconds), for 429 and 503. */
  retryAfterSeconds?: number | undefined;
  /** Fields added to the JSON body beside `error` and `message` (e.g. a guard's `rule`). */
  details?: Record<string, string> | undefined;
  /** The underlying error, logged, never sent. */
  cause?: unknown;
}

/** An error the gateway answers with `{ error: code, message }` and the given status. */
export class HttpError extends Error {
  /** The brand every instance carries. */
  static readonly brand: symbol = HTTP_ERROR_BRAND;

  override readonly name = "HttpError";
  readonly status: number;
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, string> | undefined;
  readonly [HTTP_ERROR_BRAND] = true;

  constructor(options: HttpErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.status = options.status ?? errorStatus(options.code);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  /** Whether `value` is an `HttpError`, from this or any other copy of the package. */
  static isInstance(value: unknown): value is HttpError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[HTTP_ERROR_BRAND] === true
    );
  }

  /**
   * `instanceof HttpError` answers as {@link HttpError.isInstance} does, so it also holds across copies;
   * a subclass keeps the plain prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class the check is made against
    const type = this as unknown;
    return type === HttpError
      ? HttpError.isInstance(value)
      : Function.prototype[Symbol.hasInstance].call(type, value);
  }
}
