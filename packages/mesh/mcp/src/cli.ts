#!/usr/bin/env node
import pkg from "../package.json" with { type: "json" };
import { MESH_MCP_USAGE, parseMeshMcpArgs } from "./parse-mesh-mcp-args.js";
import { runMeshMcp } from "./run-mesh-mcp.js";

// stdout carries the protocol: help, version and every diagnostic go to stderr.
const command = parseMeshMcpArgs(process.argv.slice(2), process.env);
if (command.action === "help") {
  process.stderr.write(MESH_MCP_USAGE);
} else if (command.action === "version") {
  process.stderr.write(`${pkg.version}\n`);
} else if (command.action === "usage-error") {
  process.stderr.write(`mesh-mcp: ${command.message}\n\n${MESH_MCP_USAGE}`);
  process.exitCode = 2;
} else {
  for (const warning of command.warnings) process.stderr.write(`mesh-mcp: warning: ${warning}\n`);
  try {
    await runMeshMcp(command.options);
    // Nothing is left to do: do not wait for pooled sockets to time out.
    process.exit(0);
  } catch (error) {
    process.stderr.write(`mesh-mcp: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
