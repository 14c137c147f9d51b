import { findProvider, PROVIDER_INFO, type ProviderName } from "@discovery/normalize";

// Id shapes of each vendor's models, for ids the catalog does not know.
const ID_PATTERNS: readonly [RegExp, ProviderName][] = [
  [/^(x-ai|xai|grok)\/|^grok-/, "xai"],
  [/^(anthropic|claude)\/|^claude-/, "anthropic"],
  [/^(google|gemini)\/|^gemini-/, "google"],
  [/^deepseek\/|^deepseek-/, "deepseek"],
  [/^openai\/|^(gpt-|o\d|chatgpt-)/, "openai"],
];

/**
 * The vendor of a model: an explicit provider (adapter or second name), else the catalog's
 * developer label, else the shape of the id. Null when none tells.
 */
export function inferProvider(
  modelId: string,
  developer: string | undefined,
  explicit: string | undefined,
): ProviderName | null {
  if (explicit !== undefined) return findProvider(explicit)?.name ?? null;
  const byLabel = PROVIDER_INFO.find((p) => p.developerLabel === developer);
  if (byLabel) return byLabel.name;
  return ID_PATTERNS.find(([pattern]) => pattern.test(modelId))?.[1] ?? null;
}
