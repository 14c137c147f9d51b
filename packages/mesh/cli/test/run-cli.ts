import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built binary: the tests exercise what users run. */
export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A clean environment: nothing from the developer's shell (no MESH_* settings, no colour forcing). */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", ...extra };
}

/** Runs `mesh` to completion with `args`, feeding `input` on stdin. */
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

/** Starts `mesh` without waiting for it (for `watch` and `gateway`). */
export function startCli(args: readonly string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
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

/** Resolves with the accumulated text of `stream` once it contains `pattern`. */
export function waitFor(stream: NodeJS.ReadableStream | null, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!stream) {
      reject(new Error("no stream"));
      return;
    }
    let text = "";
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (pattern.test(text)) {
        stream.off("data", onData);
        resolve(text);
      }
    };
    stream.on("data", onData);
    stream.once("end", () => reject(new Error(`stream ended before ${pattern}: ${text}`)));
  });
}
