import { CliError, EXIT_OK, EXIT_USAGE } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { requireInstalled } from "./require-installed.js";

/**
 * `mesh mcp`: serves the mesh as an MCP server on stdio (the `mesh-mcp` program of `@mesh/mcp`,
 * an optional peer dependency loaded only here) until stdin ends or SIGINT/SIGTERM. stdout
 * carries the protocol, so nothing else is printed there, `--json` included.
 */
export async function mcpCommand(context: CommandContext): Promise<number> {
  const { node, gatewayUrl, token } = context.settings;
  if (node === undefined) {
    throw new CliError({
      message: "no peer name: the MCP server acts as a peer",
      exitCode: EXIT_USAGE,
      hint: "set MESH_NODE to the agent's peer name (or pass --node <name>)",
    });
  }
  requireInstalled("@mesh/mcp", "mesh mcp");
  const { runMeshMcp } = await import("@mesh/mcp");
  await runMeshMcp({ node, gatewayUrl, token });
  return EXIT_OK;
}
