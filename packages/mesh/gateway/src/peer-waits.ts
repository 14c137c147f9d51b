/**
 * The pending `wait` long-polls of each peer token, so that a revocation or a disabled peer
 * ends them at once instead of at their deadline (up to 30 s later).
 */
export class PeerWaits {
  private readonly byPeer = new Map<string, Set<() => void>>();

  /** Registers `end` for `peer` until the returned function is called. */
  add(peer: string, end: () => void): () => void {
    let set = this.byPeer.get(peer);
    if (set === undefined) {
      set = new Set();
      this.byPeer.set(peer, set);
    }
    set.add(end);
    const own = set;
    return () => {
      own.delete(end);
      if (own.size === 0 && this.byPeer.get(peer) === own) this.byPeer.delete(peer);
    };
  }

  /** Ends every pending wait of `peer`. */
  end(peer: string): void {
    for (const end of this.byPeer.get(peer) ?? []) end();
  }
}
