#!/usr/bin/env node
import pkg from "../package.json" with { type: "json" };
import { MESH_MCP_USAGE, parseMeshMcpArgs } from "./parse-mesh-mcp-args.js";

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
    // Loaded only to serve: help and usage errors need neither the MCP SDK nor the client.
    const { runMeshMcp } = await import("./run-mesh-mcp.js");
    await runMeshMcp(command.options);
  } catch (error) {
    process.stderr.write(`mesh-mcp: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
  // The last answers drain first (stdout may be an asynchronous pipe); then nothing may keep the
  // process alive, not even a socket a dependency forgot to close.
  setTimeout(() => process.exit(), 1000).unref();
}
