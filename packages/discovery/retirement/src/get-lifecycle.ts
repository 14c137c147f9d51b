import { findProvider } from "@discovery/normalize";
import type {
  LifecycleEntry,
  LifecycleScope,
  LifecycleStatus,
  UnknownLifecycle,
} from "./lifecycle-entry.js";
import { lifecycleIndex } from "./lifecycle-index.js";
import { lifecycleCandidates } from "./lifecycle-key.js";
import { dayString } from "./today.js";

/** Options of `getLifecycle`. */
export interface GetLifecycleOptions {
  /**
   * The platform whose dates count. Default `first-party` (the vendor's own API); `any` also
   * takes an entry of another platform (Azure, Vertex, ...) when the vendor's own has none.
   */
  readonly scope?: LifecycleScope | "any";
  /**
   * The day to judge the status on: a `Date` (its UTC day) or `YYYY-MM-DD`. Default: the current
   * UTC date. An entry whose `shutdownAt` is on or before it is `retired`.
   */
  readonly today?: Date | string;
}

const MEMO_LIMIT = 4096;
const memo = new Map<string, LifecycleEntry | null>();

/**
 * The lifecycle entry of a model, or `{ provider, model, status: 'unknown' }` when the registry
 * does not know it: never "not retired" for a model it cannot vouch for. `provider` is an adapter
 * or second name (`xai`/`grok`, `anthropic`/`claude`, `google`/`gemini`, `openai`, `deepseek`);
 * `modelId` may be written in any spelling the normalizers know: vendor prefixes
 * (`x-ai/grok-4-07-09`), xAI's own `grok-4-0709`, aliases (`grok-4`), dated snapshots and their
 * undated name, Anthropic's version-first and family-first forms. The returned entry's `status`
 * is the one on `today`. Frozen, shared entries unless the status had to change. Never throws.
 */
export function getLifecycle(
  provider: string,
  modelId: string,
  options?: GetLifecycleOptions | null,
): LifecycleEntry | UnknownLifecycle {
  const given = typeof options === "object" && options !== null ? options : {};
  const scope = given.scope ?? "first-party";
  const entry = findEntry(provider, modelId, scope);
  if (entry === null) {
    const name = typeof provider === "string" ? (findProvider(provider)?.name ?? provider) : "";
    return { provider: name, model: typeof modelId === "string" ? modelId : "", status: "unknown" };
  }
  const today = dayString(given.today);
  const status = statusOn(entry, today);
  return status === entry.status ? entry : Object.freeze({ ...entry, status });
}

/** The status of an entry on `today` (`YYYY-MM-DD`, or null for "the stored status"). */
export function statusOn(entry: LifecycleEntry, today: string | null): LifecycleStatus {
  if (today === null || entry.shutdownAt === undefined) return entry.status;
  if (entry.shutdownAt <= today) return "retired";
  return entry.status === "retired" ? "deprecated" : entry.status;
}

function findEntry(provider: unknown, modelId: unknown, scope: string): LifecycleEntry | null {
  if (typeof provider !== "string" || typeof modelId !== "string") return null;
  const vendor = findProvider(provider)?.name;
  if (vendor === undefined) return null;
  const memoKey = `${scope}\u0000${vendor}\u0000${modelId}`;
  const known = memo.get(memoKey);
  if (known !== undefined) return known;
  const scopes = scope === "any" ? ALL_SCOPES : [scope as LifecycleScope];
  let found: LifecycleEntry | null = null;
  const candidates = lifecycleCandidates(vendor, modelId);
  for (const name of scopes) {
    found = lookUp(lifecycleIndex(name, vendor), candidates);
    if (found !== null) break;
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(memoKey, found);
  return found;
}

function lookUp(
  index: ReturnType<typeof lifecycleIndex>,
  candidates: readonly string[],
): LifecycleEntry | null {
  for (const key of candidates) {
    const entry = index.exact.get(key);
    if (entry !== undefined) return entry;
  }
  // An undated name stands for its snapshots only when every one of them is gone or going.
  for (const key of candidates) {
    const entry = index.undated.get(key);
    if (entry !== undefined) return entry;
  }
  return null;
}

const ALL_SCOPES: readonly LifecycleScope[] = [
  "first-party",
  "bedrock",
  "vertex",
  "azure",
  "openrouter",
];
