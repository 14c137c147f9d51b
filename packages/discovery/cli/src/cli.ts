#!/usr/bin/env node
import { nodeIo } from "@mesh/cli-kit";
import { runDiscoveryCli } from "./run-discovery-cli.js";

process.exitCode = await runDiscoveryCli(process.argv.slice(2), nodeIo());
