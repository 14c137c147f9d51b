import { setTimeout as delay } from "node:timers/promises";
import { MAX_MESSAGE_LIMIT } from "@mesh/protocol";
import type { InboxReader } from "./inbox-reader.js";

/** Pause before following the inbox again after a failure (gateway down, token revoked). */
const RETRY_MS = 5000;

/**
 * Follows the own inbox while a client is subscribed to `mesh://inbox`, and calls `onNew` for
 * every message that arrives after the subscription began. Failures are reported to `onError`
 * and retried; `stop()` ends it.
 */
export class InboxSubscription {
  readonly #inbox: InboxReader;
  readonly #onNew: () => Promise<void>;
  readonly #onError: (error: unknown) => void;
  #running: AbortController | undefined;

  constructor(inbox: InboxReader, onNew: () => Promise<void>, onError: (error: unknown) => void) {
    this.#inbox = inbox;
    this.#onNew = onNew;
    this.#onError = onError;
  }

  get active(): boolean {
    return this.#running !== undefined;
  }

  start(): void {
    if (this.#running) return;
    this.#running = new AbortController();
    void this.#follow(this.#running.signal);
  }

  stop(): void {
    this.#running?.abort();
    this.#running = undefined;
  }

  async #follow(signal: AbortSignal): Promise<void> {
    let afterId: number | undefined;
    while (!signal.aborted) {
      try {
        afterId ??= await this.#newestUnread();
        for await (const message of this.#inbox.follow(afterId, signal)) {
          afterId = Math.max(afterId, message.id);
          await this.#onNew();
        }
      } catch (error) {
        if (signal.aborted) return;
        this.#onError(error);
        // Rejects on abort, which the loop condition then sees.
        await delay(RETRY_MS, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  /** Messages already waiting are no news: the subscriber reads them with the resource. */
  async #newestUnread(): Promise<number> {
    const rows = await this.#inbox.list({ unreadOnly: true, limit: MAX_MESSAGE_LIMIT });
    return rows.reduce((newest, row) => Math.max(newest, row.id), 0);
  }
}
