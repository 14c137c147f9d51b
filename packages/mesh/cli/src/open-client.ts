import { CliError } from "@mesh/cli-kit";
import type { MeshClient } from "@mesh/client";
import type { PeerAliases } from "@mesh/names";
import type { CommandContext } from "./command-context.js";
import { normalizePeerArgument } from "./normalize-peer-argument.js";

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
    throw new CliError({
      message: "no peer name: this command acts as a peer",
      hint: "set MESH_NODE to your peer name (or pass --node <name>)",
    });
  }
  const aliases = await aliasesOf(context);
  // The gateway refuses a malformed own name with a 400; say so before any request.
  if (node !== undefined && options.requireNode) {
    await normalizePeerArgument(node, aliases, "MESH_NODE (or --node)");
  }
  const [{ MeshClient }, { nodeHttpFetch }] = await Promise.all([
    import("@mesh/client"),
    import("@mesh/transport"),
  ]);
  // A fetch over node:http: a command makes a call or two and exits, and this one costs less
  // to set up and per call than Node's own.
  return new MeshClient({
    node: node ?? ANONYMOUS_NODE,
    gatewayUrl,
    token,
    aliases,
    fetch: nodeHttpFetch,
  });
}

/** The alias table of `MESH_ALIASES` in the command's environment; `undefined` when unset. */
export async function aliasesOf(context: CommandContext): Promise<PeerAliases | undefined> {
  if (context.settings.aliases === undefined) return undefined;
  const { parseAliases } = await import("@mesh/names");
  return parseAliases(context.settings.aliases);
}
