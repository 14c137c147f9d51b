import { normalizeNodeName } from "./normalize-node-name.js";
import { readRegistry } from "./registry-cache.js";
import { type RegistryOptions, resolveRegistryOptions } from "./registry-options.js";

/**
 * Whether the name, alias-resolved (`drop` counts as `droplet`), is in the gateway
 * registry. Never throws: a malformed name, bad options or an unusable registry
 * (after the stale-cache fallback) all give `false`.
 */
export async function isRegistered(name: unknown, options: RegistryOptions = {}): Promise<boolean> {
  try {
    const canonical = normalizeNodeName(name, options);
    const registry = await readRegistry(resolveRegistryOptions(options));
    return registry.has(canonical);
  } catch {
    return false;
  }
}
