#!/usr/bin/env node
import { nodeIo } from "@mesh/cli-kit";
import { runGatewayCli } from "./run-gateway-cli.js";

process.exitCode = await runGatewayCli(process.argv.slice(2), nodeIo());
