import { CliError } from "@mesh/cli-kit";
import type { MeshClient } from "@mesh/client";
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
  return new MeshClient({ node: node ?? ANONYMOUS_NODE, gatewayUrl, token });
}
