import type { InboxReader } from "./inbox-reader.js";

/** Told of a failure; `ended` when it stopped the subscription (a refused token). */
export type SubscriptionErrorListener = (error: unknown, ended: boolean) => void;

/**
 * Follows the own inbox while a client is subscribed to `mesh://inbox`, and calls `onNew` for
 * every message that arrives after the subscription began. The client's watch reconnects by
 * itself; each outage is reported to `onError` once, and only a refused token ends the
 * subscription. `stop()` ends it.
 */
export class InboxSubscription {
  readonly #inbox: InboxReader;
  readonly #onNew: () => Promise<void>;
  readonly #onError: SubscriptionErrorListener;
  #running: AbortController | undefined;

  constructor(inbox: InboxReader, onNew: () => Promise<void>, onError: SubscriptionErrorListener) {
    this.#inbox = inbox;
    this.#onNew = onNew;
    this.#onError = onError;
  }

  get active(): boolean {
    return this.#running !== undefined;
  }

  start(): void {
    if (this.#running) return;
    const running = new AbortController();
    this.#running = running;
    void this.#follow(running.signal).finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
  }

  stop(): void {
    this.#running?.abort();
    this.#running = undefined;
  }

  async #follow(signal: AbortSignal): Promise<void> {
    try {
      const news = this.#inbox.news(signal, (error) => this.#onError(error, false));
      for await (const _message of news) await this.#onNew();
    } catch (error) {
      if (!signal.aborted) this.#onError(error, true);
    }
  }
}
