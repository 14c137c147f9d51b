import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv } from "./clean-env.js";
import { collect } from "./collect.js";
import { runBin, startBin } from "./run-bin.js";
import { waitFor } from "./wait-for.js";

let dir: string;
let echo: string;
let ticker: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cli-kit-run-bin-"));
  echo = join(dir, "echo.mjs");
  // Echoes its arguments, a chosen variable and stdin, then exits with the status it is given.
  await writeFile(
    echo,
    `let input = "";
process.stdin.setEncoding("utf8").on("data", (c) => (input += c)).on("end", () => {
  process.stdout.write(JSON.stringify({ args: process.argv.slice(2), input, env: Object.keys(process.env).sort() }));
  process.stderr.write("to stderr");
  process.exitCode = Number(process.argv[2] ?? 0);
});`,
  );
  ticker = join(dir, "ticker.mjs");
  await writeFile(
    ticker,
    `process.stdout.write("starting\\n"); setTimeout(() => process.stdout.write("ready on 42\\n"), 20);
setTimeout(() => {}, 60_000); process.on("SIGTERM", () => process.exit(0));`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("runBin", () => {
  it("runs the script to completion with arguments and input, collecting both streams", async () => {
    const run = await runBin(echo, ["3", "x"], { input: "piped", env: cleanEnv({ EXTRA: "1" }) });
    expect(run.code).toBe(3);
    expect(run.stderr).toBe("to stderr");
    const seen = JSON.parse(run.stdout) as { args: string[]; input: string; env: string[] };
    expect(seen.args).toEqual(["3", "x"]);
    expect(seen.input).toBe("piped");
    expect(seen.env).toContain("EXTRA");
  });

  it("passes a clean environment by default: PATH and HOME only from the shell", async () => {
    const run = await runBin(echo, []);
    expect(run.code).toBe(0);
    const seen = JSON.parse(run.stdout) as { env: string[] };
    expect(seen.env).toEqual(["HOME", "PATH"]);
  });
});

describe("startBin and waitFor", () => {
  it("waits for a line of a running program, which is then stopped", async () => {
    const child = startBin(ticker, [], cleanEnv());
    const text = await waitFor(child.stdout, /ready on (\d+)/);
    expect(text).toBe("starting\nready on 42\n");
    const done = collect(child);
    child.kill("SIGTERM");
    expect((await done).code).toBe(0);
  });

  it("rejects when the stream ends before the pattern appears", async () => {
    const child = startBin(echo, [], cleanEnv());
    await expect(waitFor(child.stdout, /never printed/)).rejects.toThrow(/stream ended before/);
  });
});
