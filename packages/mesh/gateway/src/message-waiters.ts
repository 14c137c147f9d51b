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
  /** Waiters by recipient (`undefined`: every recipient), so a send wakes only its own. */
  private readonly byRecipient = new Map<string | undefined, Set<Waiter>>();
  private count = 0;
  private closing = false;

  get closed(): boolean {
    return this.closing;
  }

  /** Wakes the waiters of `toNode`, and with `undefined` every waiter. */
  notify(toNode: string | undefined, message?: StrictMessage): void {
    if (toNode === undefined) {
      for (const waiters of this.byRecipient.values()) wakeAll(waiters, message);
      return;
    }
    const own = this.byRecipient.get(toNode);
    if (own !== undefined) wakeAll(own, message);
    const everyone = this.byRecipient.get(undefined);
    if (everyone !== undefined) wakeAll(everyone, message);
  }

  /**
   * Calls `wake` on every insert for `to` (every recipient when `undefined`) until the returned
   * function is called: the persistent form of `next`, for streams.
   */
  subscribe(to: string | undefined, wake: (message?: StrictMessage) => void): () => void {
    const waiter: Waiter = { to, wake };
    this.add(waiter);
    return () => this.remove(waiter);
  }

  /** Resolves on a matching insert, after `ms`, on abort, or when closing. */
  next(to: string | undefined, ms: number, signal: AbortSignal): Promise<void> {
    if (this.closing || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = { to, wake: () => done() };
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.remove(waiter);
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      this.add(waiter);
    });
  }

  /** Wakes every waiter for good; used when the gateway closes so long-polls answer at once. */
  close(): void {
    this.closing = true;
    this.notify(undefined);
  }

  /** Waiters registered now. */
  get size(): number {
    return this.count;
  }

  private add(waiter: Waiter): void {
    let set = this.byRecipient.get(waiter.to);
    if (set === undefined) {
      set = new Set();
      this.byRecipient.set(waiter.to, set);
    }
    set.add(waiter);
    this.count++;
  }

  private remove(waiter: Waiter): void {
    const set = this.byRecipient.get(waiter.to);
    if (set === undefined || !set.delete(waiter)) return;
    this.count--;
    if (set.size === 0) this.byRecipient.delete(waiter.to);
  }
}

/** A waiter may remove itself while woken: a Set's iteration allows that. */
function wakeAll(waiters: Set<Waiter>, message: StrictMessage | undefined): void {
  for (const waiter of waiters) waiter.wake(message);
}
