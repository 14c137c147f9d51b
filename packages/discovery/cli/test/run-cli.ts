import { fileURLToPath } from "node:url";
import { type BinRun, cleanEnv, runBin } from "@mesh/cli-kit/testing";

/** The built binary: the tests exercise what users run. */
export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A clean environment: nothing from the developer's shell (no vendor keys or addresses, no colour forcing, no legacy DeepSeek key file). */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return cleanEnv({ DEEPSEEK_LEGACY_ENV_PATH: "/nonexistent/deepseek.env", ...extra });
}

/** Runs `discovery` to completion with `args`, feeding `input` on stdin. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<BinRun> {
  return runBin(CLI, args, { env: baseEnv(), ...options });
}
