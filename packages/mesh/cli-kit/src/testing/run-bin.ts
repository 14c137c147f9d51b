import { type ChildProcess, spawn } from "node:child_process";
import { cleanEnv } from "./clean-env.js";
import { type BinRun, collect } from "./collect.js";

/** Options of {@link runBin}. */
export interface RunBinOptions {
  /** The whole environment of the program. Default {@link cleanEnv}`()`. */
  env?: Record<string, string>;
  /** Text fed on stdin, which is then closed. Default empty. */
  input?: string;
}

/** Runs the Node script `bin` (a built CLI) with `args` to completion. */
export function runBin(
  bin: string,
  args: readonly string[],
  options: RunBinOptions = {},
): Promise<BinRun> {
  const child = spawn(process.execPath, [bin, ...args], {
    env: options.env ?? cleanEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(options.input ?? "");
  return collect(child);
}

/** Starts the Node script `bin` without waiting for it (for commands that run until stopped). */
export function startBin(
  bin: string,
  args: readonly string[],
  env: Record<string, string>,
): ChildProcess {
  return spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
}
