import type { MeshClient, Peer } from "@mesh/client";

/**
 * Registers the client's own peer, keeping what the registry already holds for it: its `url`,
 * and its capabilities unless new ones are given. The gateway's register replaces both, so the
 * current entry is read first.
 */
export async function registerSelf(
  client: MeshClient,
  capabilities?: Record<string, unknown> | undefined,
): Promise<Peer> {
  const peers = await client.listPeers();
  const current = peers.find((peer) => peer.name === client.node);
  const registered = await client.register({
    url: current?.url ?? undefined,
    capabilities: capabilities ?? current?.capabilities,
  });
  if (registered !== null) return registered;
  // Acknowledged with an empty body: the registry's entry is the record.
  const listed = (await client.listPeers()).find((peer) => peer.name === client.node);
  return (
    listed ?? {
      name: client.node,
      url: current?.url ?? null,
      capabilities: capabilities ?? current?.capabilities ?? {},
      enabled: true,
      last_health: null,
      last_seen: null,
      registered_at: null,
    }
  );
}
