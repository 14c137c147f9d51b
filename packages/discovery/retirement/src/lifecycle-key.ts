import { normalizeModelId, type ProviderName } from "@discovery/normalize";

/**
 * The form model ids are compared in: lowercase, dots and `@` as hyphens (`claude-2.0` and
 * `claude-2-0`, Vertex's `claude-3-7-sonnet@20250219`), and Anthropic's version-first ids
 * family-first (`claude-3-5-haiku` -> `claude-haiku-3-5`, the form of the short keys).
 */
export function lifecycleKey(id: string): string {
  const key = id.trim().toLowerCase().replace(DOT_OR_AT, "-");
  return key.startsWith("claude-") ? key.replace(VERSION_FIRST_CLAUDE, "claude-$2-$1") : key;
}

/**
 * The spellings of `modelId` to look up, as lookup keys, most specific first: the id; without a
 * vendor prefix (`x-ai/`, `openai/`, `models/`); normalized by `normalizeModelId` (`-beta`, xAI's
 * `-07-09`, DeepSeek's `-v3.1`); xAI's month-day written as its API does (`-07-09` -> `-0709`);
 * without `-latest`.
 */
export function lifecycleCandidates(provider: ProviderName, modelId: string): string[] {
  const out: string[] = [];
  const add = (id: string): void => {
    const key = lifecycleKey(id);
    if (key !== "" && !out.includes(key)) out.push(key);
  };
  const trimmed = modelId.trim();
  add(trimmed);
  const bare = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  add(bare);
  add(normalizeModelId(provider, trimmed));
  add(normalizeModelId(provider, bare));
  if (provider === "xai") add(bare.replace(MONTH_DAY, "-$1$2"));
  add(bare.replace(LATEST, ""));
  return out;
}

/** The key without a trailing snapshot date (`-2024-08-06`, `-20240229`), or null when it has none. */
export function undatedKey(key: string): string | null {
  const undated = key.replace(SNAPSHOT_DATE, "");
  return undated === key || undated === "" ? null : undated;
}

const DOT_OR_AT = /[.@]/g;
const VERSION_FIRST_CLAUDE = /^claude-(\d+(?:-\d+)?)-(opus|sonnet|haiku)(?=$|-)/;
const MONTH_DAY = /-(\d{2})-(\d{2})$/;
const LATEST = /-latest$/;
const SNAPSHOT_DATE = /-(?:\d{4}-\d{2}-\d{2}|\d{8})$/;
