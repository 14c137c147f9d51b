#!/usr/bin/env node
// The `mesh-gateway` command. No static imports on purpose: on a Node older than package.json
// `engines` says, this must still load and say which Node to get, instead of failing on
// the CLI's own imports (node:sqlite, newer syntax) with a stack trace.
const { checkNodeVersion } = await import("@mesh/cli-kit/check-node-version");
if (checkNodeVersion("mesh-gateway", new URL("../package.json", import.meta.url))) {
  await import("../dist/cli.js");
}
