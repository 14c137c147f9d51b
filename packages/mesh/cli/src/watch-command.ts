import { EXIT_OK } from "@mesh/cli-kit";
import type { ConnectionEvent } from "@mesh/client";
import type { CommandContext } from "./command-context.js";
import { formatMessage } from "./inbox-command.js";
import { openClient } from "./open-client.js";

export interface WatchCommandOptions {
  interval?: number;
}

/**
 * `mesh watch`: prints the unread DMs already waiting in the own inbox, then each new one as it
 * arrives (one JSON line per Message with `--json`), until SIGINT or SIGTERM, then exits 0.
 * Survives a gateway restart, or a gateway down at the start: the client's watch reconnects
 * by itself (`reconnect: 'forever'`) after the last message printed; only a refused token ends
 * it. Never marks anything read.
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
    const messages = client.watch({
      signal: stop.signal,
      reconnect: "forever",
      ...(options.interval !== undefined ? { intervalMs: options.interval } : {}),
      onConnection: connectionNotes(context, client.gatewayUrl, client.node),
    });
    for await (const message of messages) {
      if (context.json) context.printJson(message);
      else context.io.stdout.write(formatMessage(context, message));
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
  return (event: ConnectionEvent) => {
    if (event.state === "lost") {
      down = true;
      const reason = event.error instanceof Error ? event.error.message : String(event.error);
      context.note(
        context.err.red(
          `mesh: lost the mesh gateway at ${gatewayUrl} (${reason}); reconnecting until it is back, Ctrl-C stops`,
        ),
      );
    } else if (down) {
      down = false;
      context.note(
        context.err.green(
          `mesh: the mesh gateway at ${gatewayUrl} is back; watching the inbox of ${node}`,
        ),
      );
    }
  };
}
