#!/usr/bin/env node
// `discovery-fakes`: starts every fake vendor server and prints the `export` lines that point
// the `discovery` CLI at them, then serves until interrupted.
import pkg from "../package.json" with { type: "json" };
import { startDiscoveryFakes } from "./start-discovery-fakes.js";

const HELP = `Usage: discovery-fakes

Starts fake AIMLAPI, OpenAI, DeepSeek, xAI and Google Cloud Billing servers on 127.0.0.1 and
prints one shell \`export\` line per variable (addresses and the fake keys they accept) for the
discovery CLI. Serves until Ctrl-C. For example, in one shell:

  discovery-fakes > fakes.env &
  . ./fakes.env && discovery models --prices

Options:
  -h, --help      this help
  -V, --version   the version
`;

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(HELP);
} else if (process.argv.includes("--version") || process.argv.includes("-V")) {
  process.stdout.write(`${pkg.version}\n`);
} else {
  const fakes = await startDiscoveryFakes();
  const stop = () => {
    void fakes.close().then(() => process.exit(0));
  };
  // Before the output: whoever reads it may stop the process at once.
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const lines = Object.entries(fakes.env).map(([name, value]) => `export ${name}='${value}'`);
  process.stdout.write(`${lines.join("\n")}\n`);
  process.stderr.write("discovery-fakes: serving on 127.0.0.1; Ctrl-C stops\n");
}
