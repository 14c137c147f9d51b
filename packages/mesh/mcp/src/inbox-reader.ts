import type { Message } from "@mesh/client";
import { MAX_MESSAGE_LIMIT } from "@mesh/protocol";
import type { ClientSource } from "./client-source.js";

/** Pause between polls when a gateway has no stream and answers a `wait` poll at once. */
const FALLBACK_POLL_MS = 1000;

/** Options of {@link InboxReader.list}. */
export interface ListOptions {
  unreadOnly: boolean;
  limit: number;
  /** Only messages with a larger id. */
  afterId?: number | undefined;
}

/**
 * Every read of the own inbox the MCP server makes, in one place, over `@mesh/client`. New
 * messages arrive through `client.watch()`: the gateway's live stream, or `wait` long polls
 * against a gateway without it.
 */
export class InboxReader {
  readonly #client: ClientSource;

  constructor(client: ClientSource) {
    this.#client = client;
  }

  /** The inbox, oldest first (never marks read). */
  async list(options: ListOptions): Promise<Message[]> {
    const client = await this.#client();
    return client.fetch({
      unreadOnly: options.unreadOnly,
      limit: options.limit,
      afterId: options.afterId,
    });
  }

  /** Received messages of one thread, oldest first. */
  async thread(threadId: string): Promise<Message[]> {
    const client = await this.#client();
    const rows = await client.fetch({ threadId, limit: MAX_MESSAGE_LIMIT });
    // Filtered here too: a gateway older than the `thread` query returns every thread.
    return rows.filter((row) => row.thread_id === threadId);
  }

  /**
   * Unread messages with an id above `afterId`: at once when some exist, else the first batch
   * that arrives within `timeoutMs`, else an empty list.
   */
  async waitForNew(afterId: number, timeoutMs: number, signal?: AbortSignal): Promise<Message[]> {
    const done = new AbortController();
    const timer = setTimeout(() => done.abort(), timeoutMs);
    const stop = signal ? AbortSignal.any([signal, done.signal]) : done.signal;
    const batch: Message[] = [];
    try {
      for await (const message of this.follow(afterId, stop, timeoutMs)) {
        // The rest of the same poll is yielded without I/O, so it is in before the next turn.
        if (batch.push(message) === 1) setImmediate(() => done.abort());
      }
    } finally {
      clearTimeout(timer);
    }
    return batch;
  }

  /** Every unread message with an id above `afterId`, then each new one as it arrives, until `signal` aborts. */
  async *follow(afterId: number, signal: AbortSignal, waitMs = 30_000): AsyncIterable<Message> {
    const client = await this.#client();
    yield* client.watch({ afterId, signal, waitMs, intervalMs: FALLBACK_POLL_MS });
  }
}
