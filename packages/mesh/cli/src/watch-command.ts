import { EXIT_OK } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { formatMessage } from "./inbox-command.js";
import { openClient } from "./open-client.js";

export interface WatchCommandOptions {
  interval?: number;
}

/**
 * `mesh watch`: prints the unread DMs already waiting in the own inbox, then each new one as it
 * arrives (one JSON line per Message with `--json`), until SIGINT or SIGTERM, then exits 0.
 * Never marks anything read.
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
      ...(options.interval !== undefined ? { intervalMs: options.interval } : {}),
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
