import type { MeshClient } from "@mesh/client";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { createMeshServer } from "./create-mesh-server.js";

/** Options of {@link createMeshMcpServer}. */
export interface MeshMcpServerOptions {
  /** The client every tool uses; its `node` is the agent's identity. Required. The caller closes it. */
  client: MeshClient;
  /** The client's gateway token, so that no error text can ever quote it. Default: none. */
  token?: string | undefined;
  /** Where diagnostics go (never stdout, which carries the protocol). Default: discarded. */
  log?: ((line: string) => void) | undefined;
}

/**
 * An MCP server (not yet connected to a transport) that gives an agent its mesh identity: the
 * tools and the `mesh://inbox` resource with update notifications.
 */
export function createMeshMcpServer(options: MeshMcpServerOptions): Server {
  const { client } = options;
  const ready = Promise.resolve(client);
  return createMeshServer({
    node: client.node,
    client: () => ready,
    token: options.token,
    log: options.log,
  });
}
