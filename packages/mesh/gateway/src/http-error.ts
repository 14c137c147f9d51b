/** Extra parts of an error reply. */
export interface HttpErrorOptions {
  /** Sent as the `Retry-After` header (seconds), for 429 and 503. */
  retryAfterSeconds?: number | undefined;
  /** Fields added to the JSON body beside `error` and `message` (e.g. a guard's `rule`). */
  details?: Record<string, string> | undefined;
  cause?: unknown;
}

/** An error the gateway answers with `{ error: code, message }` and the given status. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, options: HttpErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
