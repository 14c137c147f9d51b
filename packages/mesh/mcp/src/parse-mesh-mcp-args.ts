import { parseArgs } from "node:util";
import { normalizeNodeName } from "@mesh/names";
import type { RunMeshMcpOptions } from "./run-mesh-mcp.js";

/** What the command line asked for: serve with these settings, print help or the version, or a usage error. */
export type MeshMcpCommand =
  | { action: "serve"; options: RunMeshMcpOptions; warnings: string[] }
  | { action: "help" }
  | { action: "version" }
  | { action: "usage-error"; message: string };

export const MESH_MCP_USAGE = `Usage: mesh-mcp [--node <name>] [--gateway-url <url>] [--token <token>] [--no-register]

The mesh as an MCP server on stdio: gives an AI agent its mesh identity.

Options:
  --node <name>         own peer name (env MESH_NODE; required)
  --gateway-url <url>   gateway address (env MESH_GATEWAY_URL, default http://localhost:8788)
  --token <token>       gateway token; discouraged, visible in the process list (env MESH_GATEWAY_TOKEN)
  --no-register         do not register the own peer at start (it is registered by
                        default, keeping the capabilities it already has)
  -h, --help            this help
  -V, --version         the version
`;

/** Settings from flags first, then the environment; blank values count as unset. */
export function parseMeshMcpArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): MeshMcpCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        node: { type: "string" },
        "gateway-url": { type: "string" },
        token: { type: "string" },
        "no-register": { type: "boolean" },
        help: { type: "boolean", short: "h" },
        // -V, as `mesh`, `mesh-gateway` and `discovery` spell it.
        version: { type: "boolean", short: "V" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { action: "usage-error", message: (error as Error).message };
  }
  if (values["help"]) return { action: "help" };
  if (values["version"]) return { action: "version" };
  const node = nonBlank(values["node"]) ?? nonBlank(env["MESH_NODE"]);
  if (node === undefined) {
    return {
      action: "usage-error",
      message: "no peer name: set MESH_NODE (or pass --node) to this agent's name on the mesh",
    };
  }
  try {
    normalizeNodeName(node);
  } catch (error) {
    return {
      action: "usage-error",
      message: `${(error as Error).message}; set MESH_NODE (or --node) to this agent's peer name`,
    };
  }
  const flagToken = nonBlank(values["token"]);
  return {
    action: "serve",
    options: {
      node,
      gatewayUrl: nonBlank(values["gateway-url"]) ?? nonBlank(env["MESH_GATEWAY_URL"]),
      token: flagToken ?? nonBlank(env["MESH_GATEWAY_TOKEN"]),
      register: values["no-register"] !== true,
    },
    warnings:
      flagToken === undefined
        ? []
        : ["--token is visible to other users in the process list; prefer MESH_GATEWAY_TOKEN"],
  };
}

function nonBlank(value: string | boolean | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}
