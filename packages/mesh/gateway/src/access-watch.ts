/** What the poll asks the database about: tokens that may be gone, peers that may be disabled. */
export interface AccessCheck {
  hashes: string[];
  peers: string[];
}

interface Watched {
  peer: string;
  seenAt: number;
}

/**
 * The token hashes this gateway authenticated lately (its streams re-authenticate at every
 * ping, long-polls at every request), for a gateway whose wake-ups come from a poll: no
 * `NOTIFY` tells it of a revocation or a disabled peer on another gateway, so each poll checks
 * these instead. A hash not seen for `ttlMs` is forgotten, and at most `maxHashes` are kept
 * (the oldest go first; a stream they belonged to is still caught at its next ping).
 */
export class AccessWatch {
  private readonly hashes = new Map<string, Watched>();
  /** Peers watched and whether the last check found them disabled (absent: not checked yet). */
  private readonly disabled = new Map<string, boolean>();
  private readonly maxHashes: number;
  private readonly ttlMs: number;

  constructor(options: { maxHashes: number; ttlMs: number }) {
    this.maxHashes = options.maxHashes;
    this.ttlMs = options.ttlMs;
  }

  /** Records a successful authentication of `hash` as `peer`. */
  seen(hash: string, peer: string, at = Date.now()): void {
    this.hashes.delete(hash);
    this.hashes.set(hash, { peer, seenAt: at });
    if (this.hashes.size > this.maxHashes) {
      this.hashes.delete(this.hashes.keys().next().value!);
    }
  }

  /** What to check now (forgetting what is too old); undefined when nothing is watched. */
  check(at = Date.now()): AccessCheck | undefined {
    for (const [hash, watched] of this.hashes) {
      if (at - watched.seenAt < this.ttlMs) break;
      this.hashes.delete(hash);
    }
    if (this.hashes.size === 0) {
      this.disabled.clear();
      return undefined;
    }
    const peers = new Set<string>();
    for (const watched of this.hashes.values()) peers.add(watched.peer);
    for (const peer of this.disabled.keys()) if (!peers.has(peer)) this.disabled.delete(peer);
    return { hashes: [...this.hashes.keys()], peers: [...peers] };
  }

  /**
   * The peers whose access changed according to a check: a watched token gone, or a peer
   * found disabled that the previous check did not find disabled (one disabled before its
   * first check counts too, so a change right after it authenticated is never missed: its
   * streams end once and its client reconnects). Gone tokens are forgotten.
   */
  changed(checked: AccessCheck, gone: readonly string[], disabled: readonly string[]): string[] {
    const changed = new Set<string>();
    for (const hash of gone) {
      const watched = this.hashes.get(hash);
      if (watched === undefined) continue;
      this.hashes.delete(hash);
      changed.add(watched.peer);
    }
    const nowDisabled = new Set(disabled);
    for (const peer of checked.peers) {
      const before = this.disabled.get(peer);
      const after = nowDisabled.has(peer);
      if (before !== true && after) changed.add(peer);
      this.disabled.set(peer, after);
    }
    return [...changed];
  }
}
