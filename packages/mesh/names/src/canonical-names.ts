import { readRegistry } from "./registry-cache.js";
import { type RegistryOptions, resolveRegistryOptions } from "./registry-options.js";

/**
 * The canonical peer names of the gateway registry (`GET /peers`), through the
 * same cache and stale fallback as `validateNodeName`. Returns a copy: changing it
 * does not touch the cache.
 *
 * @throws {GatewayUnreachableError} when the registry is unusable and no cached set is young enough.
 * @throws {MeshValidationError} (code `invalid_options`) on an option of the wrong type.
 */
export async function canonicalNames(options: RegistryOptions = {}): Promise<ReadonlySet<string>> {
  return new Set(await readRegistry(resolveRegistryOptions(options)));
}
