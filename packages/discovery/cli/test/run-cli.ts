import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built binary: the tests exercise what users run. */
export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A clean environment: nothing from the developer's shell (no vendor keys or addresses, no colour forcing, no legacy DeepSeek key file). */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env["PATH"] ?? "",
    HOME: process.env["HOME"] ?? "/tmp",
    DEEPSEEK_LEGACY_ENV_PATH: "/nonexistent/deepseek.env",
    ...extra,
  };
}

/** Runs `discovery` to completion with `args`, feeding `input` on stdin. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: options.env ?? baseEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(options.input ?? "");
  return collect(child);
}

export function collect(child: ChildProcess): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
