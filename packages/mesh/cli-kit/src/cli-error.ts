/** Exit status: success. */
export const EXIT_OK = 0;
/** Exit status: refused, not found, empty lookup, or a failure the user can fix by configuration. */
export const EXIT_FAILURE = 1;
/** Exit status: the command line itself is wrong. */
export const EXIT_USAGE = 2;

/** A failure the program reports as one line plus an optional hint, then exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: number;
  /** What to do about it, e.g. which environment variable to set. */
  readonly hint: string | undefined;
  /** Stable machine-readable reason for `--json` errors. Default `usage_error` for exit 2, else `failed`. */
  readonly code: string;

  constructor(message: string, options: { exitCode?: number; hint?: string; code?: string } = {}) {
    super(message);
    this.name = "CliError";
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
    this.hint = options.hint;
    this.code = options.code ?? defaultErrorCode(this.exitCode);
  }
}

/** The `code` of a failure that names none: `usage_error` for exit status 2, else `failed`. */
export function defaultErrorCode(exitCode: number): string {
  return exitCode === EXIT_USAGE ? "usage_error" : "failed";
}
