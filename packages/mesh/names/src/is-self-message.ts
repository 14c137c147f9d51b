import { InvalidPeerNameError } from "./invalid-peer-name-error.js";
import { type NormalizeNodeNameOptions, normalizeNodeName } from "./normalize-node-name.js";

/**
 * Whether a DM from `from` to `to` would reach its own sender: both names are trimmed and
 * resolved through the aliases (e.g. `drop` -> `droplet`) and compared in canonical form, so
 * `mesh send`, the MCP server and the dashboard refuse the same drafts. A name that is not
 * well formed is compared as written (trimmed); its own check reports it.
 *
 * @throws {MeshValidationError} (code `invalid_options`) on a malformed alias table.
 */
export function isSelfMessage(
  from: string,
  to: string,
  options: NormalizeNodeNameOptions = {},
): boolean {
  return canonical(from, options) === canonical(to, options);
}

function canonical(name: string, options: NormalizeNodeNameOptions): string {
  const trimmed = name.trim();
  try {
    return normalizeNodeName(trimmed, options);
  } catch (error) {
    if (!InvalidPeerNameError.isInstance(error)) throw error;
    return trimmed;
  }
}
