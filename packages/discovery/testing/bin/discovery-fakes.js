#!/usr/bin/env node
// The `discovery-fakes` command. No static imports on purpose: on a Node older than package.json
// `engines` says, this must still load and say which Node to get, instead of failing on the
// program's own imports with a stack trace.
const { checkNodeVersion } = await import("@mesh/cli-kit/check-node-version");
if (checkNodeVersion("discovery-fakes", new URL("../package.json", import.meta.url))) {
  await import("../dist/discovery-fakes.js");
}
