#!/usr/bin/env node
import { nodeIo } from "@mesh/cli-kit";
import { runMeshCli } from "./run-mesh-cli.js";

process.exitCode = await runMeshCli(process.argv.slice(2), nodeIo());
