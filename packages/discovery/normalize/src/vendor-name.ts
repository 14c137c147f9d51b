import { findProvider } from "./find-provider.js";
import { PROVIDER_INFO } from "./providers.js";

/**
 * The vendor's own name for people, from a provider string or a catalog developer label:
 * `openai` and `Open AI` -> `OpenAI`, `grok` and `X AI` -> `xAI`, `DeepSeek AI` -> `DeepSeek`.
 * Anything else is returned as given (`Mistral AI`). Display only: catalog matching keeps the
 * catalog's labels.
 */
export function vendorName(providerOrLabel: string): string {
  const byName = findProvider(providerOrLabel);
  if (byName !== null) return byName.vendorName;
  return (
    PROVIDER_INFO.find((p) => p.developerLabel === providerOrLabel)?.vendorName ?? providerOrLabel
  );
}
