import { HttpError } from "./http-error.js";

/**
 * The slots of `GET /messages/stream`: at most `max` in all and `maxPerPeer` per peer token.
 * A slot is taken synchronously, before the stream's first await, so simultaneous opens see
 * each other; the release function it returns is the one way back, safe to call more than once.
 */
export class StreamSlots {
  private taken = 0;
  private readonly byPeer = new Map<string, number>();
  private readonly max: number;
  private readonly maxPerPeer: number;

  constructor(max: number, maxPerPeer: number) {
    this.max = max;
    this.maxPerPeer = maxPerPeer;
  }

  /** Slots held now. */
  get size(): number {
    return this.taken;
  }

  /**
   * Takes a slot for `peer` (`undefined`: the admin or open mode, counted only in the total).
   * Throws 503 `overloaded` past the total, 429 `rate_limited` past the peer's share.
   */
  take(peer: string | undefined): () => void {
    if (this.taken >= this.max) {
      throw new HttpError({
        code: "overloaded",
        message: "too many open streams on this gateway; retry later",
        retryAfterSeconds: 1,
      });
    }
    const own = peer === undefined ? 0 : (this.byPeer.get(peer) ?? 0);
    if (peer !== undefined && own >= this.maxPerPeer) {
      throw new HttpError({
        code: "rate_limited",
        message: `this peer already holds ${own} open streams (at most ${this.maxPerPeer}); close one first`,
      });
    }
    this.taken++;
    if (peer !== undefined) this.byPeer.set(peer, own + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.taken--;
      if (peer === undefined) return;
      const left = (this.byPeer.get(peer) ?? 1) - 1;
      if (left <= 0) this.byPeer.delete(peer);
      else this.byPeer.set(peer, left);
    };
  }
}
