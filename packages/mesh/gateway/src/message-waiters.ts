import type { StrictMessage } from "@mesh/protocol";

interface Waiter {
  to: string | undefined;
  /** Gets the inserted message when this process stored it, nothing for other wake-ups. */
  wake: (message?: StrictMessage) => void;
}

/**
 * Wake-ups for `GET /messages?wait=` and streams: a stored message wakes the waiters of its
 * recipient (and the all-recipient waiters) at once. The storage announces every commit, this
 * process's and (PostgreSQL) other gateways', so nothing polls.
 */
export class MessageWaiters {
  private readonly waiters = new Set<Waiter>();
  private closing = false;

  get closed(): boolean {
    return this.closing;
  }

  /** Wakes the waiters of `toNode`, and with `undefined` every waiter. */
  notify(toNode: string | undefined, message?: StrictMessage): void {
    for (const waiter of this.waiters) {
      if (toNode === undefined || waiter.to === undefined || waiter.to === toNode) {
        waiter.wake(message);
      }
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

  /** Waiters registered now. */
  get size(): number {
    return this.waiters.size;
  }
}
