import { findProvider } from "./find-provider.js";
import type { ProviderName } from "./providers.js";

/**
 * The adapter name for an adapter name or a second name: `grok` -> `xai`, `claude` -> `anthropic`,
 * `gemini` -> `google`, `xai` -> `xai`. Exact and case-sensitive; an unknown string gives `null`.
 */
export function canonicalProvider(provider: string): ProviderName | null {
  return findProvider(provider)?.name ?? null;
}
