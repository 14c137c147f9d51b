import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ReplyBudgetOptions {
  /** Reply bytes one connection may have queued and not yet read by its client. */
  perConnection: number;
  /** Reply bytes queued across all connections. */
  total: number;
  /** A connection with queued bytes that the client has not taken for this long (ms) is closed. */
  stallMs: number;
}

interface Held {
  /** Bytes of replies not yet handed to the socket (pipelined behind an earlier reply). */
  pending: number;
  /** This connection's share of `queued` at its last count. */
  counted: number;
  /** Bytes the socket had passed on to the kernel at the last sweep. */
  flushed: number;
  /** When `flushed` last moved (or the connection last had nothing queued), in ms. */
  movedAt: number;
}

/**
 * The bytes of replies queued for clients that do not read them: replies behind others on a
 * pipelining connection and the socket's own write buffer. Past the per-connection or the
 * total bound, or when a client stops taking its bytes for `stallMs`, the connection is
 * closed, as a stream reader that stops reading is. Counts are exact at each charge and
 * refreshed by `sweep` for connections that only drain.
 */
export class ReplyBudget {
  readonly options: ReplyBudgetOptions;
  /** Connections closed for holding too much or reading nothing, since start. */
  closed = 0;
  private queued = 0;
  private readonly connections = new Map<Socket, Held>();

  constructor(options: ReplyBudgetOptions) {
    this.options = options;
  }

  /** Reply bytes queued now across all connections (as of the last charge or sweep). */
  get held(): number {
    return this.queued;
  }

  /**
   * Counts a reply of `bytes` about to be written to `response` on `socket` (the request's: a
   * pipelined response has none of its own until its turn); false when that would pass a
   * bound, in which case the connection is already closed.
   */
  charge(socket: Socket, response: ServerResponse, bytes: number): boolean {
    if (socket.destroyed) return false;
    const held = this.track(socket);
    const now = held.pending + socket.writableLength + bytes;
    if (now > this.options.perConnection || this.queued - held.counted + now > this.options.total) {
      this.cut(socket);
      return false;
    }
    this.recount(held, now);
    if (bytes > 0) {
      held.pending += bytes;
      let handed = false;
      const hand = () => {
        if (handed) return;
        handed = true;
        held.pending -= bytes;
      };
      response.once("finish", hand);
      response.once("close", hand);
    }
    return true;
  }

  /** Refreshes the counts and closes connections whose client took nothing for `stallMs`. */
  sweep(at = Date.now()): void {
    for (const [socket, held] of this.connections) {
      const buffered = socket.writableLength;
      this.recount(held, held.pending + buffered);
      const flushed = socket.bytesWritten - buffered;
      if (buffered === 0 || flushed !== held.flushed) {
        held.flushed = flushed;
        held.movedAt = at;
      } else if (at - held.movedAt >= this.options.stallMs) {
        this.cut(socket);
      }
    }
  }

  private track(socket: Socket): Held {
    let held = this.connections.get(socket);
    if (held === undefined) {
      const fresh: Held = { pending: 0, counted: 0, flushed: 0, movedAt: Date.now() };
      this.connections.set(socket, fresh);
      socket.once("close", () => {
        this.queued -= fresh.counted;
        this.connections.delete(socket);
      });
      held = fresh;
    }
    return held;
  }

  private recount(held: Held, now: number): void {
    this.queued += now - held.counted;
    held.counted = now;
  }

  private cut(socket: Socket): void {
    if (socket.destroyed) return;
    this.closed++;
    socket.destroy();
  }
}
