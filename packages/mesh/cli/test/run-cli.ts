import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type BinRun, cleanEnv, runBin, startBin } from "@mesh/cli-kit/testing";

export { collect, waitFor } from "@mesh/cli-kit/testing";

/** The built binary: the tests exercise what users run. */
export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A clean environment: nothing from the developer's shell (no MESH_* settings, no colour forcing). */
export const baseEnv = cleanEnv;

/** Runs `mesh` to completion with `args`, feeding `input` on stdin. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<BinRun> {
  return runBin(CLI, args, options);
}

/** Starts `mesh` without waiting for it (for `watch` and `gateway`). */
export function startCli(args: readonly string[], env: Record<string, string>): ChildProcess {
  return startBin(CLI, args, env);
}
