import { findProvider, normalizeModelId } from "@discovery/normalize";
import { getLifecycle } from "./get-lifecycle.js";
import { RETIREMENT_REGISTRY, type RetirementValue } from "./retirement-registry.js";

/** Options of `retirementDate`. */
export interface RetirementDateOptions {
  /**
   * Registry to look in, keyed `<provider>/<model_id>`. Default: `RETIREMENT_REGISTRY`.
   * Lets a caller layer its own entries (e.g. `{ ...RETIREMENT_REGISTRY, "openai/gpt-4": "2026-07-01" }`).
   */
  readonly registry?: Readonly<Record<string, RetirementValue>>;
  /**
   * Whether a model the registry does not hold is looked up in the lifecycle data
   * (`lifecycle.json`, the vendor's own platform). Default `true`; `false` reads the registry alone.
   */
  readonly lifecycle?: boolean;
}

/**
 * The registry value for a model: the stored string (`2026-05-15` or `deprecated`, returned as
 * stored even when it is not a valid date), or `null` when the model is not registered.
 *
 * Lookup tries the key `<provider>/<modelId>` as given, then naming variants of a known vendor:
 * both of its names (`xai`/`grok`, `anthropic`/`claude`, `google`/`gemini`), the id without a
 * leading `<adapter name>/` or `<second name>/`, and the id normalized by `normalizeModelId`
 * (so `x-ai/grok-4` and `grok-4` are the same model). A model the registry does not hold gives
 * its lifecycle entry's `shutdownAt` (`grok-4-0709` -> `2026-05-15`), or `deprecated` for a
 * deprecated entry without a date. Never throws; options that are not an object count as none.
 */
export function retirementDate(
  provider: string,
  modelId: string,
  options?: RetirementDateOptions | null,
): RetirementValue | null {
  const given = typeof options === "object" && options !== null ? options : {};
  const registry = given.registry ?? RETIREMENT_REGISTRY;
  if (typeof provider !== "string" || typeof modelId !== "string") return null;
  const stored = registryValue(registry, provider, modelId);
  if (stored !== null || given.lifecycle === false) return stored;
  const entry = getLifecycle(provider, modelId, { today: "0000-01-01" });
  if (entry.status === "unknown") return null;
  if ("shutdownAt" in entry && entry.shutdownAt !== undefined) return entry.shutdownAt;
  return entry.status === "deprecated" ? "deprecated" : null;
}

function registryValue(
  registry: Readonly<Record<string, RetirementValue>>,
  provider: string,
  modelId: string,
): RetirementValue | null {
  const exact = entry(registry, `${provider}/${modelId}`);
  if (exact !== null) return exact;

  const vendor = findProvider(provider);
  if (vendor === null) return null;
  const names = vendor.secondName === null ? [vendor.name] : [vendor.name, vendor.secondName];
  const ids = new Set<string>();
  for (const id of [modelId, ...names.map((n) => stripPrefix(modelId, `${n}/`))]) {
    ids.add(id);
    ids.add(normalizeModelId(vendor.name, id));
  }
  for (const name of names) {
    for (const id of ids) {
      const value = entry(registry, `${name}/${id}`);
      if (value !== null) return value;
    }
  }
  return null;
}

// Own properties only: `constructor` or `__proto__` are not registry keys.
function entry(registry: Readonly<Record<string, RetirementValue>>, key: string): string | null {
  if (!Object.hasOwn(registry, key)) return null;
  const value = registry[key];
  return typeof value === "string" ? value : null;
}

function stripPrefix(id: string, prefix: string): string {
  return id.startsWith(prefix) ? id.slice(prefix.length) : id;
}
