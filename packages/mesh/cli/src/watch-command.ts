import { EXIT_OK } from "@mesh/cli-kit";
import type { Message } from "@mesh/client";
import { MeshAuthError, MeshGatewayError } from "@mesh/errors";
import type { CommandContext } from "./command-context.js";
import { formatMessage } from "./inbox-command.js";
import { openClient } from "./open-client.js";

/** Pause before watching again after the gateway was lost for good (the stream retries first). */
const RECONNECT_MS = 2000;

export interface WatchCommandOptions {
  interval?: number;
}

/**
 * `mesh watch`: prints the unread DMs already waiting in the own inbox, then each new one as it
 * arrives (one JSON line per Message with `--json`), until SIGINT or SIGTERM, then exits 0.
 * Survives a gateway restart: the stream resumes where it stopped, and a watch that failed
 * starts again after the last message printed. Never marks anything read.
 */
export async function watchCommand(
  context: CommandContext,
  options: WatchCommandOptions,
): Promise<number> {
  const client = await openClient(context, { requireNode: true });
  const stop = new AbortController();
  const release = context.io.onInterrupt(() => stop.abort());
  try {
    context.note(
      context.err.dim(
        `mesh: watching the inbox of ${client.node} at ${client.gatewayUrl}; Ctrl-C stops`,
      ),
    );
    let afterId: number | undefined;
    const print = (message: Message) => {
      afterId = message.id;
      if (context.json) context.printJson(message);
      else context.io.stdout.write(formatMessage(context, message));
    };
    while (!stop.signal.aborted) {
      try {
        const messages = client.watch({
          signal: stop.signal,
          ...(options.interval !== undefined ? { intervalMs: options.interval } : {}),
          ...(afterId !== undefined ? { afterId } : {}),
        });
        for await (const message of messages) print(message);
      } catch (error) {
        if (!(error instanceof MeshGatewayError) || error instanceof MeshAuthError) throw error;
        context.note(context.err.dim(`mesh: ${error.message}; watching again shortly`));
        await pause(RECONNECT_MS, stop.signal);
      }
    }
    return EXIT_OK;
  } finally {
    release();
    await client.close();
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
