#!/usr/bin/env node
// The `mesh-mcp` command. No static imports on purpose: on a Node older than package.json
// `engines` says, this must still load and say which Node to get (on stderr: stdout is the
// protocol), instead of failing on the server's own imports with a stack trace.
const { checkNodeVersion } = await import("@mesh/cli-kit/check-node-version");
if (checkNodeVersion("mesh-mcp", new URL("../package.json", import.meta.url))) {
  // Every start after the first reads the compiled program from Node's compile cache (in the
  // temp folder, or where NODE_COMPILE_CACHE says) instead of compiling it again.
  const { enableCompileCache } = await import("node:module");
  enableCompileCache();
  await import("../dist/bin/mesh-mcp.js");
}
