import { CliError, defaultErrorCode, EXIT_FAILURE } from "./cli-error.js";

/** How an error is reported: one line, an optional hint, and the exit status. */
export interface ErrorReport {
  message: string;
  hint?: string;
  exitCode: number;
  /**
   * Machine-readable reason in `--json` errors. Default: the error's own string `code` (mesh
   * errors, Node's `EADDRINUSE`), else `usage_error` for exit status 2, else `failed`.
   */
  code?: string;
}

/** A {@link CliError} reports its own status, code and hint; anything else is a plain failure (1). */
export function describeCliError(error: unknown): ErrorReport {
  if (CliError.isInstance(error)) {
    return {
      message: error.message,
      exitCode: error.exitCode,
      code: error.code,
      ...(error.hint ? { hint: error.hint } : {}),
    };
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    exitCode: EXIT_FAILURE,
    code: reportCode(error, EXIT_FAILURE),
  };
}

/** The `code` of a report that names none: the error's own string `code`, else by exit status. */
export function reportCode(error: unknown, exitCode: number): string {
  const own = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : "";
  return typeof own === "string" && own !== "" ? own : defaultErrorCode(exitCode);
}
