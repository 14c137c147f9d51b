import { findProvider } from "./find-provider.js";

/**
 * The catalog developer label for a provider string: `openai` -> `Open AI`, `grok` -> `X AI`, ...
 * Provider strings match exactly (lowercase); any other string is the label itself
 * (`Mistral AI` -> `Mistral AI`, `x-ai` -> `x-ai`).
 */
export function developerLabel(provider: string): string {
  return findProvider(provider)?.developerLabel ?? provider;
}
