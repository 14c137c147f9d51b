/** A stream the program writes text to. */
export interface TextSink {
  write(chunk: string): unknown;
}

/**
 * Everything the program touches outside itself, injectable for tests. `nodeIo()` gives the
 * real process streams, environment and signals.
 */
export interface CliIo {
  /** Results: tables, JSON documents, JSON lines. */
  stdout: TextSink;
  /** Diagnostics: errors, hints, warnings, progress. Never results. */
  stderr: TextSink;
  /** Input for `send ... -` and `guard` without files. */
  stdin: AsyncIterable<string | Uint8Array>;
  /** Settings source after the flags (`MESH_NODE`, `NO_COLOR`, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** Which streams are terminals: colour follows `stdout`, the spinner `stderr`. */
  isTTY: { stdout: boolean; stderr: boolean; stdin: boolean };
  /** Calls `handler` on SIGINT or SIGTERM until the returned function is called. */
  onInterrupt(handler: (signal: string) => void): () => void;
}

/** The real process: its streams, environment and SIGINT/SIGTERM. */
export function nodeIo(): CliIo {
  process.stdout.on("error", exitOnBrokenPipe);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    isTTY: {
      stdout: process.stdout.isTTY === true,
      stderr: process.stderr.isTTY === true,
      stdin: process.stdin.isTTY === true,
    },
    onInterrupt(handler) {
      process.on("SIGINT", handler);
      process.on("SIGTERM", handler);
      return () => {
        process.off("SIGINT", handler);
        process.off("SIGTERM", handler);
      };
    },
  };
}

// A reader such as `head` may close the pipe early closes the pipe early: stop quietly instead of crashing.
function exitOnBrokenPipe(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
}
