#!/usr/bin/env node
import { nodeIo } from "./cli-io.js";
import { runMeshCli } from "./run-mesh-cli.js";

process.exitCode = await runMeshCli(process.argv.slice(2), nodeIo());
