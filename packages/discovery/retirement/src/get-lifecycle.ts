import { findProvider, type ProviderName } from "@discovery/normalize";
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

/** Distinct ids remembered per vendor name and scope before that memo starts over. */
const MEMO_LIMIT = 4096;

/** Answers already given, per provider string as passed, then scope, then model id. */
interface ProviderMemo {
  readonly vendor: ProviderName;
  readonly byScope: Map<string, Map<string, LifecycleEntry | UnknownLifecycle>>;
}
const memos = new Map<string, ProviderMemo | null>();

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
  const given = typeof options === "object" && options !== null ? options : EMPTY_OPTIONS;
  if (typeof provider !== "string" || typeof modelId !== "string") {
    return unknown(
      typeof provider === "string" ? provider : "",
      typeof modelId === "string" ? modelId : "",
    );
  }
  const memo = memoFor(provider, given.scope ?? "first-party");
  if (memo === null) return unknown(provider, modelId);
  let found = memo.answers.get(modelId);
  if (found === undefined) {
    found = findEntry(memo.vendor, modelId, memo.scope) ?? unknown(memo.vendor, modelId);
    if (memo.answers.size >= MEMO_LIMIT) memo.answers.clear();
    memo.answers.set(modelId, found);
  }
  if (found.status === "unknown") return found;
  const status = statusOn(found, dayString(given.today));
  return status === found.status ? found : Object.freeze({ ...found, status });
}

const EMPTY_OPTIONS: GetLifecycleOptions = Object.freeze({});

function unknown(provider: string, model: string): UnknownLifecycle {
  return Object.freeze({ provider, model, status: "unknown" as const });
}

function memoFor(
  provider: string,
  scope: string,
): {
  vendor: ProviderName;
  scope: string;
  answers: Map<string, LifecycleEntry | UnknownLifecycle>;
} | null {
  let memo = memos.get(provider);
  if (memo === undefined) {
    const vendor = findProvider(provider)?.name;
    memo = vendor === undefined ? null : { vendor, byScope: new Map() };
    // Unknown provider strings are not remembered: a caller could pass endless distinct ones.
    if (memo !== null) memos.set(provider, memo);
  }
  if (memo === null) return null;
  let answers = memo.byScope.get(scope);
  if (answers === undefined) {
    answers = new Map();
    memo.byScope.set(scope, answers);
  }
  return { vendor: memo.vendor, scope, answers };
}

/** The status of an entry on `today` (`YYYY-MM-DD`, or null for "the stored status"). */
export function statusOn(entry: LifecycleEntry, today: string | null): LifecycleStatus {
  if (today === null || entry.shutdownAt === undefined) return entry.status;
  if (entry.shutdownAt <= today) return "retired";
  return entry.status === "retired" ? "deprecated" : entry.status;
}

function findEntry(vendor: ProviderName, modelId: string, scope: string): LifecycleEntry | null {
  const scopes =
    scope === "any"
      ? ALL_SCOPES
      : (ALL_SCOPES as readonly string[]).includes(scope)
        ? [scope as LifecycleScope]
        : [];
  const candidates = lifecycleCandidates(vendor, modelId);
  for (const name of scopes) {
    const found = lookUp(lifecycleIndex(name, vendor), candidates);
    if (found !== null) return found;
  }
  return null;
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
