#!/usr/bin/env node
// The `discovery` command. No static imports on purpose: on a Node older than package.json
// `engines` says, this must still load and say which Node to get, instead of failing on
// the CLI's own imports (node:sqlite, newer syntax) with a stack trace.
// Compiled code is cached on disk (in the system's temporary folder, as `tsc` does; set
// NODE_DISABLE_COMPILE_CACHE=1 to turn it off): each run then skips compiling the CLI's modules.
process.getBuiltinModule?.("node:module").enableCompileCache?.();
const { checkNodeVersion } = await import("@mesh/cli-kit/check-node-version");
if (checkNodeVersion("discovery", new URL("../package.json", import.meta.url))) {
  await import("../dist/cli.js");
}
