import { findProvider, normalizeModelId } from "@discovery/normalize";
import { RETIREMENT_REGISTRY, type RetirementValue } from "./retirement-registry.js";

/** Options of `retirementDate`. */
export interface RetirementDateOptions {
  /**
   * Registry to look in, keyed `<provider>/<model_id>`. Default: `RETIREMENT_REGISTRY`.
   * Lets a caller layer its own entries (e.g. `{ ...RETIREMENT_REGISTRY, "openai/gpt-4": "2026-07-01" }`).
   */
  readonly registry?: Readonly<Record<string, RetirementValue>>;
}

/**
 * The registry value for a model: the stored string (`2026-05-15` or `deprecated`, returned as
 * stored even when it is not a valid date), or `null` when the model is not registered.
 *
 * Lookup tries the key `<provider>/<modelId>` as given, then naming variants of a known vendor:
 * both of its names (`xai`/`grok`, `anthropic`/`claude`, `google`/`gemini`), the id without a
 * leading `<adapter name>/` or `<second name>/`, and the id normalized by `normalizeModelId`
 * (so `x-ai/grok-4` and `grok-4` are the same model). Never throws; options that are not an
 * object count as none.
 */
export function retirementDate(
  provider: string,
  modelId: string,
  options?: RetirementDateOptions | null,
): RetirementValue | null {
  const given = typeof options === "object" && options !== null ? options : {};
  const registry = given.registry ?? RETIREMENT_REGISTRY;
  if (typeof provider !== "string" || typeof modelId !== "string") return null;
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
