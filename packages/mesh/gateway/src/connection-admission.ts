import type { Socket } from "node:net";

export interface ConnectionAdmissionOptions {
  /** New connections being read at once before their first request arrives. */
  slots: number;
}

/**
 * New connections are read a few at a time. Node's HTTP parser turns all of one read (up to
 * 64 KiB) into requests at once, thousands when they are pipelined, and every one of them is
 * held until it is answered or its connection closes. A burst of such connections read in
 * one event-loop turn would hold all of their requests at the same time and stall every other
 * client; admitted a few at a time, each is answered or closed before the next are read. A
 * connection is paused as it arrives (before any of its data is read) and resumed when a slot
 * is free, first come first served; its first request or its closing gives the slot back. One
 * that read nothing by the second event-loop turn after it was resumed (by then a read of data
 * already there happened) gives it back too: while others wait it is paused again and goes to
 * the back of the queue (its data, come late, is then read alone), up to eight times; then it
 * goes on being read without a slot. So a connection that sends nothing costs a few turns and
 * holds no one back. Connections already serving requests are not affected.
 */
/** Times a connection that read nothing yet goes to the back of the queue before it is let be. */
const MAX_REQUEUES = 8;

export class ConnectionAdmission {
  readonly options: ConnectionAdmissionOptions;
  private waiting: Socket[] = [];
  private head = 0;
  private readonly reading = new Set<Socket>();
  /** How often each connection was sent to the back of the queue (at most `MAX_REQUEUES`). */
  private readonly requeued = new WeakMap<Socket, number>();

  constructor(options: ConnectionAdmissionOptions) {
    this.options = options;
  }

  /** Connections accepted and not yet read. */
  get pending(): number {
    return this.waiting.length - this.head;
  }

  /**
   * The server's `connection` listener. Node's own listener starts the socket flowing on the
   * next tick; pausing after it, still before the event loop reads, keeps it paused.
   */
  readonly admit = (socket: Socket): void => {
    process.nextTick(this.enqueue, socket);
  };

  private readonly enqueue = (socket: Socket): void => {
    socket.pause();
    socket.once("close", () => this.free(socket));
    this.waiting.push(socket);
    this.pump();
  };

  /** Called for every request: a connection's first request gives its slot back. */
  started(socket: Socket): void {
    if (this.reading.size > 0 && this.reading.has(socket)) this.free(socket);
  }

  private free(socket: Socket): void {
    if (this.reading.delete(socket)) this.pump();
  }

  /** Two turns after `socket` was resumed: gives its slot back if it still holds it. */
  private settle(socket: Socket, before: number): void {
    if (!this.reading.delete(socket)) return;
    const idle = socket.bytesRead === before && !socket.destroyed;
    const times = this.requeued.get(socket) ?? 0;
    if (idle && this.pending > 0 && times < MAX_REQUEUES) {
      this.requeued.set(socket, times + 1);
      socket.pause();
      this.waiting.push(socket);
    }
    this.pump();
  }

  private pump(): void {
    while (this.reading.size < this.options.slots && this.head < this.waiting.length) {
      const socket = this.waiting[this.head]!;
      this.head++;
      if (socket.destroyed) continue;
      this.reading.add(socket);
      const before = socket.bytesRead;
      setImmediate(() => setImmediate(() => this.settle(socket, before)));
      socket.resume();
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    }
  }
}
