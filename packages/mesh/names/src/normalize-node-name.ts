import { PEER_NAME_PATTERN } from "@mesh/protocol";
import { describeType, quoteName } from "./describe-name.js";
import { InvalidPeerNameError } from "./invalid-peer-name-error.js";
import { type PeerAliases, resolveAliases } from "./resolve-aliases.js";

/**
 * The table of calls without `aliases`: `MESH_ALIASES` is read at the first such call and kept
 * for the process, as a setting read at start-up is. Reading the environment on every call
 * (a native lookup) would cost several times the whole check.
 */
let fromProcess: PeerAliases | undefined;

function processAliases(): PeerAliases {
  fromProcess ??= resolveAliases();
  return fromProcess;
}

/** Options of {@link normalizeNodeName}. */
export interface NormalizeNodeNameOptions {
  /**
   * Alias -> canonical name. Default: `MESH_ALIASES` as it was at the first call without this
   * option (empty means none), else `KNOWN_ALIASES`.
   */
  aliases?: PeerAliases | undefined;
}

/**
 * Checks a peer name offline and returns its canonical form: type check (must be
 * a string), format check (`PEER_NAME_PATTERN`), then alias resolution
 * (e.g. `drop` -> `droplet`). Does not consult the registry.
 *
 * @throws {InvalidPeerNameError} when the value is not a string or not well formed.
 * @throws {MeshValidationError} (code `invalid_options`) on a malformed alias table.
 */
export function normalizeNodeName(name: unknown, options: NormalizeNodeNameOptions = {}): string {
  if (typeof name !== "string") {
    throw new InvalidPeerNameError({
      message: `peer name must be string, got ${describeType(name)}`,
      value: name,
    });
  }
  if (!PEER_NAME_PATTERN.test(name)) {
    throw new InvalidPeerNameError({
      message: `peer name '${quoteName(name)}' does not match naming convention (lowercase, alnum + dash, must start and end alnum)`,
      value: name,
    });
  }
  const aliases =
    options?.aliases !== undefined ? resolveAliases(options.aliases) : processAliases();
  // Own-property lookup only: `constructor` or `__proto__` must not resolve through the prototype.
  return Object.hasOwn(aliases, name) ? aliases[name]! : name;
}
