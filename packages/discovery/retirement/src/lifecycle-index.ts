import type { ProviderName } from "@discovery/normalize";
import { LIFECYCLE } from "./lifecycle-data.js";
import type { LifecycleEntry, LifecycleScope } from "./lifecycle-entry.js";
import { lifecycleKey, undatedKey } from "./lifecycle-key.js";

/** The entries of one vendor on one platform, by lookup key. */
export interface LifecycleIndex {
  /** Key of every model id and alias -> entry; the first entry to claim a key keeps it. */
  readonly exact: ReadonlyMap<string, LifecycleEntry>;
  /**
   * Undated key -> the entry of its dated snapshots that goes last, kept only when no snapshot of
   * that model is active (`claude-3-5-sonnet` when both of its snapshots are retired).
   */
  readonly undated: ReadonlyMap<string, LifecycleEntry>;
}

let indexes: Map<string, LifecycleIndex> | undefined;

/** The index of `provider` on `scope`; built once, on first use. */
export function lifecycleIndex(scope: LifecycleScope, provider: ProviderName): LifecycleIndex {
  indexes ??= buildIndexes();
  return indexes.get(`${scope}/${provider}`) ?? EMPTY;
}

const EMPTY: LifecycleIndex = { exact: new Map(), undated: new Map() };

function buildIndexes(): Map<string, LifecycleIndex> {
  const built = new Map<string, { exact: Map<string, LifecycleEntry>; dated: LifecycleEntry[] }>();
  for (const entry of LIFECYCLE) {
    const name = `${entry.scope}/${entry.provider}`;
    let index = built.get(name);
    if (index === undefined) {
      index = { exact: new Map(), dated: [] };
      built.set(name, index);
    }
    for (const id of [entry.model, ...(entry.aliases ?? [])]) {
      const key = lifecycleKey(id);
      if (!index.exact.has(key)) index.exact.set(key, entry);
    }
    index.dated.push(entry);
  }
  const out = new Map<string, LifecycleIndex>();
  for (const [name, { exact, dated }] of built)
    out.set(name, { exact, undated: undatedIndex(exact, dated) });
  return out;
}

function undatedIndex(
  exact: ReadonlyMap<string, LifecycleEntry>,
  entries: readonly LifecycleEntry[],
): Map<string, LifecycleEntry> {
  const groups = new Map<string, LifecycleEntry[]>();
  for (const entry of entries) {
    const undated = undatedKey(lifecycleKey(entry.model));
    if (undated === null || exact.has(undated)) continue;
    groups.set(undated, [...(groups.get(undated) ?? []), entry]);
  }
  const out = new Map<string, LifecycleEntry>();
  for (const [undated, group] of groups) {
    if (group.some((entry) => entry.status === "active")) continue;
    const last = group.reduce((a, b) => ((b.shutdownAt ?? "") >= (a.shutdownAt ?? "") ? b : a));
    out.set(undated, last);
  }
  return out;
}
