/** What went wrong in a vendor lookup. */
export type DiscoveryErrorCode =
  | "missing_credential"
  | "network_error"
  | "timeout"
  | "http_error"
  | "invalid_json"
  | "invalid_shape"
  /** The request could not be built (e.g. a body that is not JSON-serialisable). */
  | "invalid_request"
  /** A caller passed an argument the function cannot use (e.g. a negative token count). */
  | "invalid_argument";

/**
 * Base error of the @discovery packages. Lookups never throw it to callers
 * (they log it and return an empty value); it travels in results and logs.
 * Its message names the vendor call and never contains a key or a query string.
 */
export class DiscoveryError extends Error {
  readonly code: DiscoveryErrorCode;
  /** HTTP status when the vendor answered, else undefined. */
  readonly status: number | undefined;

  constructor(
    code: DiscoveryErrorCode,
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DiscoveryError";
    this.code = code;
    this.status = options.status;
  }
}
