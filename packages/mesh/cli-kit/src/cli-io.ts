/** A stream the program writes text to. */
export interface TextSink {
  write(chunk: string): unknown;
}

/**
 * Everything a program touches outside itself, injectable for tests. `nodeIo()` gives the real
 * process streams and environment.
 */
export interface CliIo {
  /** Results: tables, JSON documents, JSON lines. */
  stdout: TextSink;
  /** Diagnostics: errors, hints, warnings, progress. Never results. */
  stderr: TextSink;
  /** Settings source after the flags (`MESH_NODE`, vendor keys, `NO_COLOR`, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** Which streams are terminals: colour follows `stdout`, the spinner `stderr`. */
  isTTY: { stdout: boolean; stderr: boolean };
}

/** A {@link CliIo} for programs that also read input or run until interrupted. */
export interface InteractiveCliIo extends CliIo {
  /** Input, e.g. message text or files to scan piped in. */
  stdin: AsyncIterable<string | Uint8Array>;
  isTTY: { stdout: boolean; stderr: boolean; stdin: boolean };
  /** Calls `handler` on SIGINT or SIGTERM until the returned function is called. */
  onInterrupt(handler: (signal: string) => void): () => void;
}

/** The real process: its streams, environment and SIGINT/SIGTERM. */
export function nodeIo(): InteractiveCliIo {
  process.stdout.on("error", exitOnBrokenPipe);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Lazy: Node creates the stdin stream on first access, which programs that never read skip.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    isTTY: {
      stdout: process.stdout.isTTY === true,
      stderr: process.stderr.isTTY === true,
      get stdin() {
        return process.stdin.isTTY === true;
      },
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

// A reader such as `head` may close the pipe early: stop quietly instead of crashing.
function exitOnBrokenPipe(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
}
