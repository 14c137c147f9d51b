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
 * Brand of {@link DiscoveryError}: a registered symbol, so `DiscoveryError.isInstance` also holds
 * for an error made by another copy of this package (two installs, or another realm).
 */
const DISCOVERY_ERROR_BRAND: unique symbol = Symbol.for("@discovery/core/DiscoveryError") as never;

/** What a {@link DiscoveryError} carries. */
export interface DiscoveryErrorOptions {
  /** Stable machine-readable reason. */
  code: DiscoveryErrorCode;
  /** Names the vendor call and what to do; never a key or a query string. */
  message: string;
  /** HTTP status when the vendor answered. */
  status?: number | undefined;
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/**
 * Base error of the @discovery packages. Lookups never throw it to callers
 * (they log it and return an empty value); it travels in results and logs.
 * Its message names the vendor call and never contains a key or a query string.
 */
export class DiscoveryError extends Error {
  /** The brand every instance carries. */
  static readonly brand: symbol = DISCOVERY_ERROR_BRAND;

  readonly code: DiscoveryErrorCode;
  /** HTTP status when the vendor answered, else undefined. */
  readonly status: number | undefined;
  readonly [DISCOVERY_ERROR_BRAND] = true;

  constructor(options: DiscoveryErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DiscoveryError";
    this.code = options.code;
    this.status = options.status;
  }

  /** Whether `value` is a `DiscoveryError`, from this or any other copy of the package. */
  static isInstance(value: unknown): value is DiscoveryError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[DISCOVERY_ERROR_BRAND] === true
    );
  }

  /**
   * `instanceof DiscoveryError` answers as {@link DiscoveryError.isInstance} does, so it also holds across copies;
   * a subclass keeps the plain prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class the check is made against
    const type = this as unknown;
    return type === DiscoveryError
      ? DiscoveryError.isInstance(value)
      : Function.prototype[Symbol.hasInstance].call(type, value);
  }
}
