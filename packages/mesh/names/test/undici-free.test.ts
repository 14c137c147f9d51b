import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

// The built package, as a command line loads it: importing it and calling the gateway through
// nodeHttpFetch must not load Node's undici bundle, the largest part of a command's start-up.
const DIST = new URL("../dist/index.js", import.meta.url).href;

const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" }).end('{"peers":[]}');
});
let origin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

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
    const transport = new GatewayTransport({ gatewayUrl: ${JSON.stringify(origin)}, token: "t-0123456789", timeout: 5000, retries: 0, retryDelayMs: 10, fetch: nodeHttpFetch });
    await transport.request({ method: "GET", path: "/peers", idempotent: true });
    await transport.request({ method: "POST", path: "/peers", body: { a: 1 }, idempotent: false });`;
  expect(await undiciLoadedAfter(script)).toBe(false);
});

it("does load undici for the same calls through Node's fetch (so the check above can fail)", async () => {
  const script = `
    const { GatewayTransport } = await import(${JSON.stringify(DIST)});
    const transport = new GatewayTransport({ gatewayUrl: ${JSON.stringify(origin)}, token: "t-0123456789", timeout: 5000, retries: 0, retryDelayMs: 10 });
    await transport.request({ method: "GET", path: "/peers", idempotent: true });`;
  expect(await undiciLoadedAfter(script)).toBe(true);
});
