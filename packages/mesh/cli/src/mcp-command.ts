import { CliError, EXIT_OK, EXIT_USAGE } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";

const INSTALL_HINT = "install it next to @mesh/cli: npm install @mesh/mcp";

/**
 * `mesh mcp`: serves the mesh as an MCP server on stdio (the `mesh-mcp` program of `@mesh/mcp`,
 * an optional peer dependency loaded only here) until stdin ends or SIGINT/SIGTERM. stdout
 * carries the protocol, so nothing else is printed there, `--json` included.
 */
export async function mcpCommand(context: CommandContext): Promise<number> {
  const { node, gatewayUrl, token } = context.settings;
  if (node === undefined) {
    throw new CliError("no peer name: the MCP server acts as a peer", {
      exitCode: EXIT_USAGE,
      hint: "set MESH_NODE to the agent's peer name (or pass --node <name>)",
    });
  }
  let mcp: typeof import("@mesh/mcp");
  try {
    mcp = await import("@mesh/mcp");
  } catch (error) {
    if (isMissing(error, "@mesh/mcp")) {
      throw new CliError("`mesh mcp` needs the package @mesh/mcp, which is not installed", {
        hint: INSTALL_HINT,
      });
    }
    throw error;
  }
  await mcp.runMeshMcp({ node, gatewayUrl, token });
  return EXIT_OK;
}

/** The package itself is absent (not one of its own imports). */
function isMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "ERR_MODULE_NOT_FOUND" &&
    typeof message === "string" &&
    message.includes(`Cannot find package '${name}'`)
  );
}
