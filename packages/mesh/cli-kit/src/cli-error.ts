/** Exit status: success. */
export const EXIT_OK = 0;
/** Exit status: refused, not found, empty lookup, or a failure the user can fix by configuration. */
export const EXIT_FAILURE = 1;
/** Exit status: the command line itself is wrong. */
export const EXIT_USAGE = 2;

/**
 * Brand of {@link CliError}: a registered symbol, so `CliError.isInstance` also holds for an error
 * made by another copy of this package (two installs, or another realm).
 */
const CLI_ERROR_BRAND: unique symbol = Symbol.for("@mesh/cli-kit/CliError") as never;

/** What a {@link CliError} reports. */
export interface CliErrorOptions {
  /** What happened, one line; never a secret. */
  message: string;
  /** Exit status, default {@link EXIT_FAILURE}. */
  exitCode?: number | undefined;
  /** What to do about it, e.g. which environment variable to set. */
  hint?: string | undefined;
  /** Stable machine-readable reason for `--json` errors. Default `usage_error` for exit 2, else `failed`. */
  code?: string | undefined;
  /** The underlying error, kept for debugging (never printed). */
  cause?: unknown;
}

/** A failure the program reports as one line plus an optional hint, then exits with `exitCode`. */
export class CliError extends Error {
  /** The brand every instance carries. */
  static readonly brand: symbol = CLI_ERROR_BRAND;

  readonly exitCode: number;
  /** What to do about it, e.g. which environment variable to set. */
  readonly hint: string | undefined;
  /** Stable machine-readable reason for `--json` errors. Default `usage_error` for exit 2, else `failed`. */
  readonly code: string;
  readonly [CLI_ERROR_BRAND] = true;

  constructor(options: CliErrorOptions);
  /**
   * @deprecated Pass one options object: `new CliError({ message, hint })`. This form stays for
   * callers of `@mesh/cli` and `@discovery/cli` 1.x, which re-export the class.
   */
  constructor(message: string, options?: Omit<CliErrorOptions, "message">);
  constructor(first: CliErrorOptions | string, rest: Omit<CliErrorOptions, "message"> = {}) {
    const options = typeof first === "string" ? { ...rest, message: first } : first;
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CliError";
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
    this.hint = options.hint;
    this.code = options.code ?? defaultErrorCode(this.exitCode);
  }

  /** Whether `value` is a `CliError`, from this or any other copy of the package. */
  static isInstance(value: unknown): value is CliError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[CLI_ERROR_BRAND] === true
    );
  }

  /**
   * `instanceof CliError` answers as {@link CliError.isInstance} does, so it also holds across copies;
   * a subclass keeps the plain prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class the check is made against
    const type = this as unknown;
    return type === CliError
      ? CliError.isInstance(value)
      : Function.prototype[Symbol.hasInstance].call(type, value);
  }
}

/** The `code` of a failure that names none: `usage_error` for exit status 2, else `failed`. */
export function defaultErrorCode(exitCode: number): string {
  return exitCode === EXIT_USAGE ? "usage_error" : "failed";
}
