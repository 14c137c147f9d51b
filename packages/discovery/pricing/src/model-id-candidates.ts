/**
 * Spellings of `modelId` to look up in the price index, most specific first,
 * each reduced to its lookup key ({@link priceKey}): the id itself; without a
 * vendor prefix (`openai/gpt-4o`, `x-ai/grok-4-07-09`, `models/gemini-2.5-pro`);
 * Anthropic's version-first ids turned family-first (`claude-3-5-haiku` ->
 * `claude-haiku-3-5`); then without a snapshot date (`-2024-08-06`,
 * `-20241022`, `-07-09`) and without `-latest` or `-beta`.
 */
export function modelIdCandidates(modelId: string): string[] {
  const candidates: string[] = [];
  const add = (id: string): void => {
    const key = priceKey(id);
    if (key !== "" && !candidates.includes(key)) candidates.push(key);
  };
  const bare = modelId.trim().toLowerCase();
  add(bare);
  const unprefixed = bare.slice(bare.lastIndexOf("/") + 1);
  const familyFirst = unprefixed.replace(VERSION_FIRST_CLAUDE, "claude-$2-$1");
  add(unprefixed);
  add(familyFirst);
  const undated = familyFirst.replace(SNAPSHOT_DATE, "");
  add(undated);
  add(undated.replace(RELEASE_SUFFIX, ""));
  // DeepSeek's catalog ids carry a version suffix: `deepseek-chat-v3.1` is billed as `deepseek-chat`.
  add(undated.replace(DEEPSEEK_VERSION, ""));
  return candidates;
}

/** The form ids are compared in: lowercase, dots as hyphens (`gpt-5.1` and `gpt-5-1` meet). */
export function priceKey(id: string): string {
  return id.trim().toLowerCase().replaceAll(".", "-");
}

const VERSION_FIRST_CLAUDE = /^claude-(\d+(?:[-.]\d+)?)-(opus|sonnet|haiku)(?=$|-)/;
// A full date (`-2024-08-06`, `-20241022`) or xAI's month-day form (`-07-09`), at the end.
const SNAPSHOT_DATE = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{2}-\d{2})$/;
const RELEASE_SUFFIX = /-(?:latest|beta)$/;
const DEEPSEEK_VERSION = /^(deepseek-.+?)-v\d+\.\d+(?:-\w+)*$/;
