import { PEER_NAME_PATTERN } from "@mesh/protocol";
import { describeType, quoteName } from "./describe-name.js";
import { InvalidPeerNameError } from "./invalid-peer-name-error.js";
import { KNOWN_ALIASES } from "./known-aliases.js";

/**
 * Checks a peer name offline and returns its canonical form: type check (must be
 * a string), format check (`PEER_NAME_PATTERN`), then alias resolution
 * (`KNOWN_ALIASES`, e.g. `drop` -> `droplet`). Does not consult the registry.
 *
 * @throws {InvalidPeerNameError} when the value is not a string or not well formed.
 */
export function normalizeNodeName(name: unknown): string {
  if (typeof name !== "string") {
    throw new InvalidPeerNameError(`peer name must be string, got ${describeType(name)}`, name);
  }
  if (!PEER_NAME_PATTERN.test(name)) {
    throw new InvalidPeerNameError(
      `peer name '${quoteName(name)}' does not match naming convention (lowercase, alnum + dash, must start and end alnum)`,
      name,
    );
  }
  // Own-property lookup only: `constructor` or `__proto__` must not resolve through the prototype.
  return Object.hasOwn(KNOWN_ALIASES, name) ? KNOWN_ALIASES[name]! : name;
}
