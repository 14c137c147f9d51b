import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createLoggerSetup, type GatewayLogEntry } from "./request-logger.js";

it("redacts tokens and message content at the logger, wherever they are logged", () => {
  const lines: GatewayLogEntry[] = [];
  const setup = createLoggerSetup((entry) => lines.push(entry));
  if (!("loggerInstance" in setup.fastify)) throw new Error("expected a logger instance");
  const logger = setup.fastify.loggerInstance;
  logger.info(
    {
      req: { headers: { authorization: "Bearer mesh_secret" } },
      body: { content: "private words", token: "mesh_secret" },
      peer: "alice",
    },
    "request",
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: "info", msg: "request", peer: "alice" });
  expect(lines[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  const text = JSON.stringify(lines);
  expect(text).not.toContain("mesh_secret");
  expect(text).not.toContain("private words");
});

it("holds at most maxPendingBytes of lines for a stdout that stops reading, and counts the rest as dropped", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-log-"));
  const path = join(dir, "stdout");
  execFileSync("mkfifo", [path]);
  // Read and write ends in one descriptor: nothing reads it until the lines are counted.
  const fd = openSync(path, constants.O_RDWR | constants.O_NONBLOCK);
  try {
    // The default bound (16 MiB) works the same; a small one keeps the test short.
    const maxPendingBytes = 256 * 1024;
    const setup = createLoggerSetup(true, { fd, maxPendingBytes });
    const line = { method: "POST", path: "/messages", status: 201, peer: "p".repeat(200) };
    const lines = Math.ceil((maxPendingBytes * 4) / 200);
    for (let i = 0; i < lines; i++) setup.requestLine?.info(line, "request");
    const dropped = setup.droppedLines?.() ?? 0;
    // Each line is over 200 bytes: what is kept fits the bound, plus the pipe and one write.
    expect(dropped).toBeGreaterThan(0);
    expect((lines - dropped) * 200).toBeLessThanOrEqual(maxPendingBytes + 64 * 1024);
    // The kept lines all arrive once the pipe is read.
    const buffer = Buffer.alloc(1024 * 1024);
    let received = 0;
    for (const until = Date.now() + 20_000; received < lines - dropped && Date.now() < until; ) {
      try {
        const n = readSync(fd, buffer);
        for (let i = 0; i < n; i++) if (buffer[i] === 10) received++;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    expect(received).toBe(lines - dropped);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The lines `logger: true` writes to a file with these `pretty` settings. */
function writtenLines(pretty: boolean | undefined): string[] {
  const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-pretty-"));
  const path = join(dir, "stdout");
  const fd = openSync(path, "w");
  try {
    const setup = createLoggerSetup(true, { fd, maxPendingBytes: 1024 * 1024, pretty });
    if (!("loggerInstance" in setup.fastify)) throw new Error("expected a logger instance");
    setup.requestLine?.info(
      {
        reqId: "req-7",
        method: "GET",
        path: "/peers",
        status: 401,
        ms: 1.25,
        error: "unauthorized",
        ip: "127.0.0.1",
      },
      "request",
    );
    setup.fastify.loggerInstance.info({ url: "http://127.0.0.1:8788" }, "Server listening");
    setup.flush();
    // Without colour codes, whatever the terminal running the tests says.
    return readFileSync(path, "utf8")
      .replace(/\u001b\[[0-9;]*m/g, "")
      .trimEnd()
      .split("\n");
  } finally {
    // The descriptor stays open, as stdout does: the sink flushes it periodically until exit.
    rmSync(dir, { recursive: true, force: true });
  }
}

it("writes pretty lines when asked (the default on a terminal): time, level, the request, then its other fields", () => {
  expect(writtenLines(true)).toEqual([
    expect.stringMatching(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/peers 401 1\.25 ms \{"error":"unauthorized","ip":"127\.0\.0\.1"\}$/,
    ),
    expect.stringMatching(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Server listening \{"url":"http:\/\/127\.0\.0\.1:8788"\}$/,
    ),
  ]);
});

it.each([false, undefined])(
  "writes JSON lines with pretty %s to a file (not a terminal)",
  (pretty) => {
    const lines = writtenLines(pretty).map((line) => JSON.parse(line) as GatewayLogEntry);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "request",
      status: 401,
      error: "unauthorized",
    });
    expect(lines[1]).toMatchObject({ level: "info", msg: "Server listening" });
  },
);

it("keeps running when its stdout goes away, counting the lines it could not write as dropped", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-closed-"));
  const fd = openSync(join(dir, "stdout"), "w");
  try {
    const setup = createLoggerSetup(true, { fd, maxPendingBytes: 1024 * 1024, pretty: false });
    closeSync(fd);
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      for (let i = 0; i < 2000; i++) setup.requestLine?.info({ path: "/peers", i }, "request");
      // Past the periodic flush, which writes to the closed descriptor.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      process.off("uncaughtException", record);
    }
    expect(uncaught).toEqual([]);
    expect(setup.droppedLines?.()).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
