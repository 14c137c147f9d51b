import type { ChildProcess } from "node:child_process";

/** What a finished program run left: its exit status and everything it wrote. */
export interface BinRun {
  /** Exit status; `null` when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects `child`'s stdout and stderr as text until it closes. */
export function collect(child: ChildProcess): Promise<BinRun> {
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
