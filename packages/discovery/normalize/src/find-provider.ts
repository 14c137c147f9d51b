import { PROVIDER_INFO, type ProviderInfo } from "./providers.js";

// Null prototype: a provider string such as `__proto__` or `constructor` must not hit Object members.
const BY_NAME: Readonly<Record<string, ProviderInfo>> = (() => {
  const map: Record<string, ProviderInfo> = Object.create(null);
  for (const info of PROVIDER_INFO) {
    map[info.name] = info;
    if (info.secondName !== null) map[info.secondName] = info;
  }
  return Object.freeze(map);
})();

/**
 * The vendor named by an adapter name or a second name (`xai` and `grok` both give xAI).
 * Matching is exact and case-sensitive, as the spec's provider strings are; anything else gives `null`.
 */
export function findProvider(provider: string): ProviderInfo | null {
  return BY_NAME[provider] ?? null;
}
