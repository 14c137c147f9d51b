/**
 * The bytes of request bodies held in memory at once: at most `total` across all requests,
 * and at most an eighth of it per key (a token, or a client address), so that one caller
 * cannot take the whole budget from everyone else.
 */
export class BodyBudget {
  readonly total: number;
  readonly share: number;
  private used = 0;
  private readonly byKey = new Map<string, number>();

  constructor(total: number) {
    this.total = total;
    this.share = Math.floor(total / 8);
  }

  /** Bytes held now, across all keys. */
  get held(): number {
    return this.used;
  }

  /** Takes `bytes` for `key`; false (nothing taken) when the total or the key's share would be passed. */
  reserve(key: string, bytes: number): boolean {
    const mine = this.byKey.get(key) ?? 0;
    if (this.used + bytes > this.total || mine + bytes > this.share) return false;
    this.used += bytes;
    this.byKey.set(key, mine + bytes);
    return true;
  }

  /** Gives back `bytes` that `key` reserved. */
  release(key: string, bytes: number): void {
    if (bytes <= 0) return;
    this.used -= bytes;
    const left = (this.byKey.get(key) ?? 0) - bytes;
    if (left <= 0) this.byKey.delete(key);
    else this.byKey.set(key, left);
  }
}
