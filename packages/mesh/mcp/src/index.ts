export {
  createMeshMcpServer,
  type MeshMcpServerOptions,
} from "./create-mesh-mcp-server.js";
export { INBOX_URI } from "./create-mesh-server.js";
export { MESH_MCP_USAGE, type MeshMcpCommand, parseMeshMcpArgs } from "./parse-mesh-mcp-args.js";
export { type RunMeshMcpOptions, runMeshMcp } from "./run-mesh-mcp.js";
