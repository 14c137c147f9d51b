import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { serveOnLoopback } from "./serve-on-loopback.js";

// The built package, as a command line loads it: importing it and calling the gateway through
// nodeHttpFetch must not load Node's undici bundle, the largest part of a command's start-up.
const DIST = new URL("../dist/index.js", import.meta.url).href;

const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" }).end('{"peers":[]}');
});

const loopback = serveOnLoopback(server);

/** Runs the script in a child (asynchronously: this process serves its requests). */
async function undiciLoadedAfter(script: string): Promise<boolean> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `${script}\nconsole.log(process.moduleLoadList.some((m) => m.includes("undici")));`,
    ],
    { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" },
  );
  return stdout.trim().split("\n").at(-1) === "true";
}

it("loads no undici on import, nor for a GET and a POST through nodeHttpFetch", async () => {
  const script = `
    const { GatewayTransport, nodeHttpFetch } = await import(${JSON.stringify(DIST)});
    const transport = new GatewayTransport({ gatewayUrl: ${JSON.stringify(loopback())}, token: "t-0123456789", timeout: 5000, retries: 0, retryDelayMs: 10, fetch: nodeHttpFetch });
    await transport.request({ method: "GET", path: "/peers", idempotent: true });
    await transport.request({ method: "POST", path: "/peers", body: { a: 1 }, idempotent: false });`;
  expect(await undiciLoadedAfter(script)).toBe(false);
});

it("does load undici for the same calls through Node's fetch (so the check above can fail)", async () => {
  const script = `
    const { GatewayTransport } = await import(${JSON.stringify(DIST)});
    const transport = new GatewayTransport({ gatewayUrl: ${JSON.stringify(loopback())}, token: "t-0123456789", timeout: 5000, retries: 0, retryDelayMs: 10 });
    await transport.request({ method: "GET", path: "/peers", idempotent: true });`;
  expect(await undiciLoadedAfter(script)).toBe(true);
});
