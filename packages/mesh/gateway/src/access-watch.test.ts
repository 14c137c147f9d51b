import { describe, expect, it } from "vitest";
import { AccessWatch } from "./access-watch.js";

describe("AccessWatch", () => {
  it("names the peer of a watched token that is gone, once", () => {
    const watch = new AccessWatch({ maxHashes: 10, ttlMs: 60_000 });
    watch.seen("h1", "alice", 0);
    watch.seen("h2", "bob", 0);
    const check = watch.check(1)!;
    expect(check.hashes.sort()).toEqual(["h1", "h2"]);
    expect(watch.changed(check, ["h1"], [])).toEqual(["alice"]);
    expect(watch.check(2)!.hashes).toEqual(["h2"]);
  });

  it("names a peer found disabled unless the check before found it disabled already", () => {
    const watch = new AccessWatch({ maxHashes: 10, ttlMs: 60_000 });
    watch.seen("h1", "alice", 0);
    watch.seen("h2", "carol", 0);
    // Disabled by the first check: possibly just now, elsewhere; named once.
    expect(watch.changed(watch.check(1)!, [], ["carol"])).toEqual(["carol"]);
    expect(watch.changed(watch.check(2)!, [], ["carol"])).toEqual([]);
    expect(watch.changed(watch.check(3)!, [], ["alice", "carol"])).toEqual(["alice"]);
    expect(watch.changed(watch.check(4)!, [], ["alice", "carol"])).toEqual([]);
    expect(watch.changed(watch.check(5)!, [], ["carol"])).toEqual([]);
    expect(watch.changed(watch.check(6)!, [], ["alice", "carol"])).toEqual(["alice"]);
  });

  it("forgets tokens not seen for ttlMs and keeps at most maxHashes, the latest seen", () => {
    const watch = new AccessWatch({ maxHashes: 2, ttlMs: 100 });
    watch.seen("h1", "alice", 0);
    watch.seen("h2", "bob", 50);
    watch.seen("h1", "alice", 60);
    watch.seen("h3", "carol", 70);
    expect(watch.check(80)!.hashes).toEqual(["h1", "h3"]);
    expect(watch.check(165)!.hashes).toEqual(["h3"]);
    expect(watch.check(170)).toBeUndefined();
  });
});
