import { describe, expect, it } from "vitest";
import { MessageWaiters } from "./message-waiters.js";

describe("MessageWaiters", () => {
  it("wakes the recipient's subscribers and the all-recipient ones, no one else", () => {
    const waiters = new MessageWaiters();
    const woken: string[] = [];
    waiters.subscribe("bob", () => woken.push("bob"));
    waiters.subscribe("carol", () => woken.push("carol"));
    waiters.subscribe(undefined, () => woken.push("all"));
    waiters.notify("bob");
    expect(woken.sort()).toEqual(["all", "bob"]);
    woken.length = 0;
    waiters.notify("dave");
    expect(woken).toEqual(["all"]);
    woken.length = 0;
    waiters.notify(undefined);
    expect(woken.sort()).toEqual(["all", "bob", "carol"]);
  });

  it("passes the stored message to each subscriber woken", () => {
    const waiters = new MessageWaiters();
    const seen: unknown[] = [];
    waiters.subscribe("bob", (message) => seen.push(message?.id));
    waiters.notify("bob", { id: 7 } as Parameters<MessageWaiters["notify"]>[1]);
    expect(seen).toEqual([7]);
  });

  it("counts waiters and forgets the unsubscribed", () => {
    const waiters = new MessageWaiters();
    const woken: string[] = [];
    const stopBob = waiters.subscribe("bob", () => woken.push("bob"));
    const stopAll = waiters.subscribe(undefined, () => woken.push("all"));
    expect(waiters.size).toBe(2);
    stopBob();
    stopBob();
    expect(waiters.size).toBe(1);
    waiters.notify("bob");
    expect(woken).toEqual(["all"]);
    stopAll();
    expect(waiters.size).toBe(0);
  });

  it("resolves a long-poll on its recipient's message and removes it", async () => {
    const waiters = new MessageWaiters();
    const abort = new AbortController();
    let done = false;
    const waiting = waiters.next("bob", 60_000, abort.signal).then(() => {
      done = true;
    });
    waiters.notify("carol");
    await Promise.resolve();
    expect(done).toBe(false);
    waiters.notify("bob");
    await waiting;
    expect(waiters.size).toBe(0);
  });

  it("lets a subscriber unsubscribe while it is being woken", () => {
    const waiters = new MessageWaiters();
    const woken: number[] = [];
    const stops: Array<() => void> = [];
    for (let index = 0; index < 3; index++) {
      stops.push(
        waiters.subscribe("bob", () => {
          woken.push(index);
          stops[index]!();
        }),
      );
    }
    waiters.notify("bob");
    expect(woken).toEqual([0, 1, 2]);
    expect(waiters.size).toBe(0);
  });

  it("answers every long-poll at once on close, and each later one immediately", async () => {
    const waiters = new MessageWaiters();
    const signal = new AbortController().signal;
    const pending = [waiters.next("bob", 60_000, signal), waiters.next(undefined, 60_000, signal)];
    waiters.close();
    await Promise.all(pending);
    await waiters.next("bob", 60_000, signal);
    expect(waiters.closed).toBe(true);
    expect(waiters.size).toBe(0);
  });
});
