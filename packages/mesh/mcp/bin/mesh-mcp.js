#!/usr/bin/env node
// The `mesh-mcp` command. No static imports on purpose: on a Node older than package.json
// `engines` says, this must still load and say which Node to get (on stderr: stdout is the
// protocol), instead of failing on the server's own imports with a stack trace.
const { checkNodeVersion } = await import("@mesh/cli-kit/check-node-version");
if (checkNodeVersion("mesh-mcp", new URL("../package.json", import.meta.url))) {
  await import("../dist/cli.js");
}
