import { EXIT_OK } from "@mesh/cli-kit";
import type { ConnectionEvent, Message } from "@mesh/client";
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
    const link = connectionNotes(context, client.gatewayUrl, client.node);
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
          onConnection: link.onConnection,
        });
        for await (const message of messages) print(message);
      } catch (error) {
        if (!(error instanceof MeshGatewayError) || error instanceof MeshAuthError) throw error;
        link.lost(error.message);
        await pause(RECONNECT_MS, stop.signal);
      }
    }
    return EXIT_OK;
  } finally {
    release();
    await client.close();
  }
}

/**
 * One line on stderr when the gateway is lost (however many reconnects fail after it) and one
 * when it is back, so a quiet watch is never mistaken for an empty inbox.
 */
function connectionNotes(context: CommandContext, gatewayUrl: string, node: string) {
  let down = false;
  const lost = (reason: string) => {
    if (down) return;
    down = true;
    context.note(
      context.err.red(
        `mesh: lost the mesh gateway at ${gatewayUrl} (${reason}); reconnecting until it is back, Ctrl-C stops`,
      ),
    );
  };
  const onConnection = (event: ConnectionEvent) => {
    if (event.state === "lost") {
      lost(event.error instanceof Error ? event.error.message : String(event.error));
    } else if (down) {
      down = false;
      context.note(
        context.err.green(
          `mesh: the mesh gateway at ${gatewayUrl} is back; watching the inbox of ${node}`,
        ),
      );
    }
  };
  return { lost, onConnection };
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
