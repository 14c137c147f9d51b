import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CliIo } from "./cli-io.js";
import { withProgress } from "./with-progress.js";

function memoryIo(stderrIsTTY: boolean): CliIo & { err: string } {
  const io = {
    err: "",
    stdout: { write: () => true },
    stderr: { write: (text: string) => (io.err += text) },
    env: {},
    isTTY: { stdout: false, stderr: stderrIsTTY },
  };
  return io;
}

describe("withProgress", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a spinner on a terminal while slow work runs, then erases it", async () => {
    const io = memoryIo(true);
    let finish: (value: string) => void = () => {};
    const pending = withProgress(io, "loading", () => new Promise<string>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(700);
    expect(io.err).toContain("loading");
    finish("done");
    await expect(pending).resolves.toBe("done");
    expect(io.err.endsWith("\r\x1b[K")).toBe(true);
  });

  it("writes nothing for work that settles within half a second", async () => {
    const io = memoryIo(true);
    const pending = withProgress(io, "loading", async () => 5);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBe(5);
    expect(io.err).toBe("");
  });

  it("writes nothing when stderr is not a terminal, however slow the work", async () => {
    const io = memoryIo(false);
    let finish: (value: number) => void = () => {};
    const pending = withProgress(io, "loading", () => new Promise<number>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(5000);
    finish(1);
    await expect(pending).resolves.toBe(1);
    expect(io.err).toBe("");
  });

  it("erases the spinner and passes the failure on when the work fails", async () => {
    const io = memoryIo(true);
    let fail: (error: Error) => void = () => {};
    const pending = withProgress(io, "loading", () => new Promise<never>((_, r) => (fail = r)));
    await vi.advanceTimersByTimeAsync(700);
    fail(new Error("lookup failed"));
    await expect(pending).rejects.toThrow("lookup failed");
    expect(io.err.endsWith("\r\x1b[K")).toBe(true);
  });
});
