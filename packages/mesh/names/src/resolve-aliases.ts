import { MeshValidationError } from "@mesh/errors";
import { PEER_NAME_PATTERN } from "@mesh/protocol";
import { KNOWN_ALIASES } from "./known-aliases.js";

/** Alias -> canonical name. */
export type PeerAliases = Readonly<Record<string, string>>;

const NO_ALIASES: PeerAliases = Object.freeze({});
/** Tables already checked, so the per-call cost on the hot path is one lookup. */
const checked = new WeakSet<object>();
let fromEnv: { text: string; aliases: PeerAliases } | undefined;

/**
 * Parses `MESH_ALIASES` syntax: `alias=canonical` pairs separated by commas
 * (`drop=droplet,ws-lc=workstation-lc`); blanks around names are ignored; an empty string is none.
 *
 * @throws {MeshValidationError} (code `invalid_options`) on a malformed pair or name.
 */
export function parseAliases(text: string): PeerAliases {
  const table: Record<string, string> = {};
  for (const pair of text.split(",")) {
    if (pair.trim() === "") continue;
    const [alias, canonical, extra] = pair.split("=").map((part) => part.trim());
    if (alias === undefined || canonical === undefined || extra !== undefined) {
      throw invalid(`'${pair.trim().slice(0, 64)}' is not an alias=canonical pair`);
    }
    table[alias] = canonical;
  }
  return checkAliases(Object.freeze(table));
}

/**
 * The alias table in force: `aliases` when given, else `MESH_ALIASES` when set (an empty value
 * means none), else {@link KNOWN_ALIASES}.
 *
 * @throws {MeshValidationError} (code `invalid_options`) on a malformed table or `MESH_ALIASES`.
 */
export function resolveAliases(aliases?: PeerAliases | undefined): PeerAliases {
  if (aliases !== undefined) return checkAliases(aliases);
  const text = globalThis.process?.env?.["MESH_ALIASES"];
  if (text === undefined) return KNOWN_ALIASES;
  if (text.trim() === "") return NO_ALIASES;
  if (fromEnv?.text !== text) fromEnv = { text, aliases: parseAliases(text) };
  return fromEnv.aliases;
}

/** Names must be well formed, and resolution goes one step: no canonical name is itself an alias. */
function checkAliases(aliases: PeerAliases): PeerAliases {
  if (typeof aliases !== "object" || aliases === null || Array.isArray(aliases)) {
    throw invalid("aliases must be an object of alias -> canonical name");
  }
  if (checked.has(aliases)) return aliases;
  for (const [alias, canonical] of Object.entries(aliases)) {
    for (const name of [alias, canonical]) {
      if (typeof name !== "string" || !PEER_NAME_PATTERN.test(name)) {
        throw invalid(`'${String(name).slice(0, 64)}' is not a well-formed peer name`);
      }
    }
    if (Object.hasOwn(aliases, canonical)) {
      throw invalid(`'${canonical}' is both an alias and the canonical name of '${alias}'`);
    }
  }
  checked.add(aliases);
  return aliases;
}

function invalid(detail: string): MeshValidationError {
  return new MeshValidationError({
    message: `invalid peer aliases: ${detail}; write MESH_ALIASES (or the \`aliases\` option) as alias=canonical pairs separated by commas`,
    code: "invalid_options",
  });
}
