import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { benchStartup } from "./bench-startup.js";

const bin = join(mkdtempSync(join(tmpdir(), "bench-startup-")), "bin.js");
writeFileSync(bin, "");
const once = { bin, label: "empty", args: [], runs: 1, warmup: 0 } as const;

describe("benchStartup", () => {
  it.each([
    [{ targetMs: 60_000 }, true, "target mean < 60000 ms: met"],
    [{ targetMs: 0 }, false, "target mean < 0 ms: MISSED"],
    [{ targetRatio: 1000 }, true, "target ratio <= 1000x: met"],
    [{ targetRatio: 0, targetMs: 60_000 }, false, "target ratio <= 0x: MISSED"],
  ])("judges %j by the target it is given", (target, met, line) => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const figures = benchStartup({ ...once, ...target });
      expect(figures.met).toBe(met);
      expect(figures.ratio).toBeCloseTo(figures.program.mean / figures.baseline.mean);
      expect(log.mock.calls.at(-1)?.[0]).toContain(line);
    } finally {
      log.mockRestore();
    }
  });
});
