import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const SECTION = README.slice(
  README.indexOf("## Two-minute walk-through"),
  README.indexOf("\n## ", README.indexOf("## Two-minute walk-through") + 3),
);

/** A `$ command` and the lines the README shows it printing. */
interface Step {
  command: string;
  output: string;
}

/** The console blocks of the walk-through, in order, each as its steps. */
function consoleBlocks(markdown: string): Step[][] {
  const blocks: Step[][] = [];
  for (const match of markdown.matchAll(/```console\n([\s\S]*?)```/g)) {
    const steps: Step[] = [];
    for (const line of match[1]!.split("\n").slice(0, -1)) {
      if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: "" });
      else steps.at(-1)!.output += `${line}\n`;
    }
    blocks.push(steps);
  }
  return blocks;
}

/** Times and the gateway's port differ from run to run; nothing else may. */
function normalize(text: string, port: number): string {
  return text
    .replaceAll(`:${port}`, ":8788")
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, "YYYY-MM-DD hh:mm:ss");
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const [gatewayBlock, ...peerBlocks] = consoleBlocks(SECTION);
let dir: string;
let port: number;
let gateway: ChildProcess;
let gatewayOutput = "";
let env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mesh-walk-through-"));
  const bin = join(dir, "bin");
  await promisify(execFile)(process.execPath, [join(ROOT, "scripts/write-shims.mjs"), bin]);
  // What the README's `export PATH=...` line gives, and no colour or settings of this shell.
  env = { HOME: dir, PATH: `${bin}:/usr/bin:/bin`, NO_COLOR: "1" };
  port = await freePort();
  // Terminal 1 as the README has it, on a free port instead of 8788.
  const script = gatewayBlock!
    .map(({ command }) =>
      command.startsWith("mesh gateway ") ? `exec ${command} --port ${port}` : command,
    )
    .join("\n");
  gateway = spawn("bash", ["-euc", script], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  gateway.stdout!.on("data", (chunk: Buffer) => {
    gatewayOutput += chunk.toString();
  });
  gateway.stderr!.on("data", (chunk: Buffer) => {
    gatewayOutput += chunk.toString();
  });
  for (const until = Date.now() + 20_000; !gatewayOutput.includes("Ctrl-C stops"); ) {
    if (Date.now() > until || gateway.exitCode !== null) throw new Error(gatewayOutput);
    await new Promise((wait) => setTimeout(wait, 50));
  }
});

afterAll(() => {
  gateway?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("the README's two-minute walk-through, run through the shims dev.sh writes", () => {
  it("has a gateway terminal and the peers' terminal", () => {
    expect(gatewayBlock?.at(-1)?.command).toMatch(/^mesh gateway /);
    expect(peerBlocks.flat().some((step) => step.command.startsWith("mesh guard "))).toBe(true);
  });

  it("terminal 1 prints what the README shows", () => {
    const shown = gatewayBlock!.map((step) => step.output).join("");
    expect(normalize(gatewayOutput, port)).toBe(shown);
  });

  it("terminal 2 prints what the README shows, command by command", async () => {
    const steps = peerBlocks.flat();
    // One shell, as a terminal is; each step's output ends at a marker, and `$?` survives it.
    const script = [
      "exec 2>&1",
      ...steps.map(
        ({ command }) =>
          `${command.replaceAll("8788", String(port))}\n__s=$?; printf '@@@\\n'; (exit $__s)`,
      ),
    ].join("\n");
    const shell = spawn("bash", ["-c", script], {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    shell.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise((done) => shell.once("close", done));
    const printed = output.split("@@@\n").slice(0, steps.length);
    expect(printed.map((text, i) => `$ ${steps[i]!.command}\n${normalize(text, port)}`)).toEqual(
      steps.map((step) => `$ ${step.command}\n${normalize(step.output, port)}`),
    );
  });

  it("Ctrl-C in terminal 1 stops the gateway cleanly", async () => {
    const exited = new Promise((done) => gateway.once("exit", done));
    gateway.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});
