/** A stream the program writes text to. */
export interface TextSink {
  write(chunk: string): unknown;
}

/**
 * Everything the program touches outside itself, injectable for tests. `nodeIo()` gives the
 * real process streams and environment.
 */
export interface CliIo {
  /** Results: tables and JSON documents. */
  stdout: TextSink;
  /** Diagnostics: errors, hints, warnings, progress. Never results. */
  stderr: TextSink;
  /** Settings source after the flags (vendor keys, `DISCOVERY_*_URL`, `NO_COLOR`, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** Which streams are terminals: colour follows `stdout`, the spinner `stderr`. */
  isTTY: { stdout: boolean; stderr: boolean };
}

/** The real process: its streams and environment. */
export function nodeIo(): CliIo {
  process.stdout.on("error", exitOnBrokenPipe);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  };
}

// `discovery models | head` closes the pipe early: stop quietly instead of crashing.
function exitOnBrokenPipe(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
}
