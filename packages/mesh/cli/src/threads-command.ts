import { EXIT_OK, formatTable, withProgress } from "@mesh/cli-kit";
import { DEFAULT_THREAD_LIMIT } from "@mesh/protocol";
import type { CommandContext } from "./command-context.js";
import { formatTime } from "./format-time.js";
import { openClient } from "./open-client.js";

export interface ThreadsCommandOptions {
  limit?: number;
  before?: number;
  search?: string;
  peer?: string;
}

/**
 * `mesh threads`: the threads you took part in, newest activity first, with your unread
 * count; a full page ends with the command for the next. JSON: `{ "threads": Thread[] }` plus
 * `next_before` when a page was full.
 */
export async function threadsCommand(
  context: CommandContext,
  options: ThreadsCommandOptions,
): Promise<number> {
  const client = await openClient(context, { requireNode: true });
  try {
    const limit = options.limit ?? DEFAULT_THREAD_LIMIT;
    const threads = await withProgress(context.io, "reading threads", () =>
      client.threads({
        limit,
        ...(options.before !== undefined ? { beforeId: options.before } : {}),
        ...(options.search !== undefined ? { q: options.search } : {}),
        ...(options.peer !== undefined ? { peer: options.peer } : {}),
      }),
    );
    const nextBefore = threads.length >= limit ? threads.at(-1)?.last_id : undefined;
    if (context.json) {
      context.printJson({
        threads,
        ...(nextBefore !== undefined ? { next_before: nextBefore } : {}),
      });
      return EXIT_OK;
    }
    if (threads.length === 0) {
      context.note(`no threads for ${client.node}`);
      return EXIT_OK;
    }
    const { out } = context;
    context.io.stdout.write(
      formatTable(
        [
          { header: "THREAD" },
          { header: "PEERS" },
          { header: "MESSAGES", align: "right" },
          { header: "UNREAD", align: "right" },
          { header: "LAST (UTC)" },
          { header: "LAST KIND" },
        ],
        threads.map((t) => [
          t.thread_id,
          out.cyan(t.peers.join(", ")),
          String(t.messages),
          t.unread > 0 ? out.yellow(String(t.unread)) : out.dim("0"),
          formatTime(t.last_at),
          t.last_kind,
        ]),
        out,
      ),
    );
    if (nextBefore !== undefined) {
      context.io.stdout.write(`more: mesh threads --before ${nextBefore}\n`);
    }
    return EXIT_OK;
  } finally {
    await client.close();
  }
}
