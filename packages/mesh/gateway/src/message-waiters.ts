/** How often a waiting long-poll re-reads the database, for inserts by other processes. */
export const WAIT_POLL_MS = 200;

import type { StrictMessage } from "@mesh/protocol";

interface Waiter {
  to: string | undefined;
  /** Gets the inserted message when this process stored it, nothing for other wake-ups. */
  wake: (message?: StrictMessage) => void;
}

/**
 * In-process wake-ups for `GET /messages?wait=`: an insert wakes the waiters of its
 * recipient (and the all-recipient waiters) at once. Other processes' inserts are seen by
 * the waiters' periodic re-reads.
 */
export class MessageWaiters {
  private readonly waiters = new Set<Waiter>();
  private closing = false;

  get closed(): boolean {
    return this.closing;
  }

  notify(toNode: string, message?: StrictMessage): void {
    for (const waiter of this.waiters) {
      if (waiter.to === undefined || waiter.to === toNode) waiter.wake(message);
    }
  }

  /**
   * Calls `wake` on every insert for `to` (every recipient when `undefined`) until the returned
   * function is called: the persistent form of `next`, for streams.
   */
  subscribe(to: string | undefined, wake: (message?: StrictMessage) => void): () => void {
    const waiter: Waiter = { to, wake };
    this.waiters.add(waiter);
    return () => this.waiters.delete(waiter);
  }

  /** Resolves on a matching insert, after `ms`, on abort, or when closing. */
  next(to: string | undefined, ms: number, signal: AbortSignal): Promise<void> {
    if (this.closing || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = { to, wake: () => done() };
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** Wakes every waiter for good; used when the gateway closes so long-polls answer at once. */
  close(): void {
    this.closing = true;
    for (const waiter of this.waiters) waiter.wake();
  }
}
