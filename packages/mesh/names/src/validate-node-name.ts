import { closeMatches } from "./close-matches.js";
import { GatewayUnreachableError } from "./gateway-unreachable-error.js";
import { normalizeNodeName } from "./normalize-node-name.js";
import { NotInRegistryError } from "./not-in-registry-error.js";
import { readRegistry, refetchAfterMiss } from "./registry-cache.js";
import {
  type ResolvedRegistryOptions,
  resolveRegistryOptions,
  type ValidateNodeNameOptions,
} from "./registry-options.js";

/**
 * Full peer-name check: `normalizeNodeName` (type, format, alias), then membership
 * in the gateway registry (`GET /peers`, cached per gateway). Returns the canonical name.
 *
 * @throws {InvalidPeerNameError} when the name is not a string or not well formed.
 * @throws {NotInRegistryError} when the registry does not list the canonical name; `suggestions` holds close matches.
 * @throws {GatewayUnreachableError} when `strict` (default) and the registry is unusable with no usable cache.
 * @throws {MeshValidationError} (code `invalid_options`) on an option of the wrong type.
 */
export async function validateNodeName(
  name: unknown,
  options: ValidateNodeNameOptions = {},
): Promise<string> {
  const canonical = normalizeNodeName(name, options);
  const resolved = resolveRegistryOptions(options);
  let registry: ReadonlySet<string>;
  try {
    const lookup = readRegistry(resolved);
    // Skip the await on a cache hit: it is the hot path, and each await costs a microtask turn.
    registry = lookup instanceof Promise ? await lookup : lookup;
  } catch (err) {
    if (options.strict === false && err instanceof GatewayUnreachableError) {
      resolved.logger.warn(
        `@mesh/names: registry check of '${canonical}' skipped (strict: false): ${err.message}`,
      );
      return canonical;
    }
    throw err;
  }
  if (!registry.has(canonical)) registry = await afterMiss(resolved, registry);
  if (!registry.has(canonical)) {
    throw new NotInRegistryError({
      peerName: canonical,
      suggestions: closeMatches(canonical, registry),
      gatewayUrl: resolved.gatewayUrl,
    });
  }
  return canonical;
}

/**
 * The registry to judge a missing name by: refetched once when the cached one is at least 5 s
 * old (the peer may have registered since), else the one at hand; a failed refetch keeps it.
 */
async function afterMiss(
  options: ResolvedRegistryOptions,
  registry: ReadonlySet<string>,
): Promise<ReadonlySet<string>> {
  try {
    return (await refetchAfterMiss(options)) ?? registry;
  } catch {
    return registry;
  }
}
