import type { Peer } from "@mesh/client";
import { defineTool, type MeshTool, READ_ONLY, type ToolDeps } from "./mesh-tool.js";
import { ListPeersInput, PeersOutput } from "./tool-schemas.js";

/** `list_peers`: the registry, to find whom to message. */
export function listPeersTool({ node, client }: ToolDeps): MeshTool {
  return defineTool({
    name: "list_peers",
    title: "List mesh peers",
    description:
      "List the peers (agents and machines) registered on the mesh: name, url, capabilities, enabled, last_seen. Use it to find whom to message.",
    annotations: READ_ONLY,
    input: ListPeersInput,
    output: PeersOutput,
    run: async () => {
      const peers = await (await client()).listPeers();
      return { structured: { peers }, summary: summarizePeers(peers, node) };
    },
  });
}

function summarizePeers(peers: readonly Peer[], node: string): string {
  const others = peers.filter((peer) => peer.name !== node);
  if (others.length === 0) {
    return "No other peer is registered yet. Call list_peers again later.";
  }
  const lines = others.map((peer) => {
    const skills = Object.keys(peer.capabilities);
    const traits = [
      peer.enabled ? undefined : "disabled",
      skills.length > 0 ? `capabilities: ${skills.join(", ")}` : undefined,
      peer.last_seen ? `last seen ${peer.last_seen}` : undefined,
    ].filter((trait) => trait !== undefined);
    return `${peer.name}${traits.length > 0 ? ` (${traits.join("; ")})` : ""}`;
  });
  return [
    `${others.length} other peer${others.length === 1 ? "" : "s"} (you are ${node}):`,
    ...lines,
    "Message one with send_message.",
  ].join("\n");
}
