import { CliError } from "@mesh/cli-kit";
import type { MeshClient } from "@mesh/client";
import type { PeerAliases } from "@mesh/names";
import type { CommandContext } from "./command-context.js";

// `peers` needs no identity, but the client requires a name; this one is never sent.
const ANONYMOUS_NODE = "mesh-cli";

/**
 * A client for the resolved settings. `requireNode`: the command acts as a peer, so a missing
 * `--node`/`MESH_NODE` is an error naming the variable. Loaded lazily to keep `--help` fast.
 */
export async function openClient(
  context: CommandContext,
  options: { requireNode: boolean },
): Promise<MeshClient> {
  const { node, gatewayUrl, token } = context.settings;
  if (node === undefined && options.requireNode) {
    throw new CliError("no peer name: this command acts as a peer", {
      hint: "set MESH_NODE to your peer name (or pass --node <name>)",
    });
  }
  const { MeshClient } = await import("@mesh/client");
  const aliases = await aliasesOf(context);
  return new MeshClient({ node: node ?? ANONYMOUS_NODE, gatewayUrl, token, aliases });
}

/** The alias table of `MESH_ALIASES` in the command's environment; `undefined` when unset. */
export async function aliasesOf(context: CommandContext): Promise<PeerAliases | undefined> {
  if (context.settings.aliases === undefined) return undefined;
  const { parseAliases } = await import("@mesh/names");
  return parseAliases(context.settings.aliases);
}
