import { CliError, EXIT_FAILURE } from "./cli-error.js";

/** How an error is reported: one line, an optional hint, and the exit status. */
export interface ErrorReport {
  message: string;
  hint?: string;
  exitCode: number;
}

/** A {@link CliError} reports its own status and hint; anything else is a plain failure (1). */
export function describeCliError(error: unknown): ErrorReport {
  if (error instanceof CliError) {
    return {
      message: error.message,
      exitCode: error.exitCode,
      ...(error.hint ? { hint: error.hint } : {}),
    };
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    exitCode: EXIT_FAILURE,
  };
}
