import type { Message } from "@mesh/client";
import type { ClientSource } from "./client-source.js";

/** Pause between polls when a gateway has no stream and answers a `wait` poll at once. */
const FALLBACK_POLL_MS = 1000;

/** Messages, oldest first, and whether more exist past the last. */
export interface MessagePage {
  messages: Message[];
  hasMore: boolean;
}

/** Options of {@link InboxReader.waitForNew}. */
export interface WaitOptions {
  /** Longest wait, in ms. */
  timeoutMs: number;
  /** Most messages to return. */
  limit: number;
  signal?: AbortSignal | undefined;
}

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

  /** At most `limit` messages of the inbox, and whether more exist (one more is asked for). */
  async page(options: ListOptions): Promise<MessagePage> {
    const rows = await this.list({ ...options, limit: options.limit + 1 });
    return { messages: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  }

  /**
   * Unread messages with an id above `afterId`, at most `limit`: at once when some exist, else
   * the first batch that arrives within `timeoutMs`, else none.
   */
  async waitForNew(afterId: number, options: WaitOptions): Promise<MessagePage> {
    const done = new AbortController();
    const timer = setTimeout(() => done.abort(), options.timeoutMs);
    const { signal } = options;
    const stop = signal ? AbortSignal.any([signal, done.signal]) : done.signal;
    const batch: Message[] = [];
    try {
      for await (const message of this.follow(afterId, stop, options.timeoutMs)) {
        // One more than asked for says that more wait; the loop's end stops the watch.
        if (batch.push(message) > options.limit) break;
        // The rest of the same poll is yielded without I/O, so it is in before the next turn.
        if (batch.length === 1) setImmediate(() => done.abort());
      }
    } finally {
      clearTimeout(timer);
    }
    return { messages: batch.slice(0, options.limit), hasMore: batch.length > options.limit };
  }

  /**
   * Each message stored from now on (not those already waiting), as it arrives, until `signal`
   * aborts; through gateway outages, each told to `onLost` once. Ends with the error only when
   * the gateway refuses the token.
   */
  async *news(signal: AbortSignal, onLost: (error: unknown) => void): AsyncIterable<Message> {
    const client = await this.#client();
    yield* client.watch({
      backlog: false,
      reconnect: "forever",
      signal,
      intervalMs: FALLBACK_POLL_MS,
      onConnection: (event) => {
        if (event.state === "lost") onLost(event.error);
      },
    });
  }

  /** Every unread message with an id above `afterId`, then each new one as it arrives, until `signal` aborts. */
  async *follow(afterId: number, signal: AbortSignal, waitMs = 30_000): AsyncIterable<Message> {
    const client = await this.#client();
    yield* client.watch({ afterId, signal, waitMs, intervalMs: FALLBACK_POLL_MS });
  }
}
