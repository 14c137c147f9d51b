// Cost of the MCP layer: send_message and check_inbox round trips through a `mesh-mcp` process
// over stdio, next to the same @mesh/client call made directly, in the same run against one
// gateway in a process of its own, as in real use (target: the MCP layer adds under 1 ms at the
// median, absolute, on this machine: the SDK's stdio transport, its request handling, the
// server's argument check and result, and one more process hop);
// and start-up, from spawning the bin to the answer of its first tools/list (target < 300 ms,
// judged on a warm start: Node's compile cache filled by an earlier start, as every start of an
// agent's server after its first; a cold start with an empty cache is reported next to it).
// Run: pnpm --filter @mesh/mcp bench (after building the package and its dependencies).

import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MeshClient } from "@mesh/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { reportBench } from "@repo/bench";

const OVERHEAD_TARGET_MS = 1;
const STARTUP_TARGET_MS = 300;
/**
 * Untimed calls of each pair first, as many as are timed: the reader's server process serves no
 * call before its pair, while the direct client shares its HTTP path with the sends before it.
 */
const WARMUP_CALLS = 500;
const CALLS = 500;
const STARTS = 10;
const ADMIN_TOKEN = "bench-admin-token-0123456789abcdef";
const BIN = fileURLToPath(new URL("../bin/mesh-mcp.js", import.meta.url));

// The gateway runs apart, so that neither side gets it in its own event loop for free.
const gatewayProcess = spawn(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `import { startGateway } from "@mesh/gateway";
     const gateway = await startGateway({ port: 0, database: ":memory:", adminToken: ${JSON.stringify(ADMIN_TOKEN)}, logger: false });
     process.stdout.write(gateway.url + "\\n");
     process.stdin.on("end", () => gateway.close());
     process.stdin.resume();`,
  ],
  { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: ["pipe", "pipe", "inherit"] },
);
const [firstLine] = (await once(gatewayProcess.stdout, "data")) as [Buffer];
const gateway = { url: firstLine.toString("utf8").trim() };
// The admin token, as every mesh benchmark uses: peer tokens are rate-limited.
const direct = {
  sender: new MeshClient({ node: "lab-ovh", gatewayUrl: gateway.url, token: ADMIN_TOKEN }),
  reader: new MeshClient({ node: "droplet", gatewayUrl: gateway.url, token: ADMIN_TOKEN }),
};
await direct.sender.register();
await direct.reader.register();

async function startMcp(node: string, env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: {
      MESH_NODE: node,
      MESH_GATEWAY_URL: gateway.url,
      MESH_GATEWAY_TOKEN: ADMIN_TOKEN,
      ...env,
    },
    stderr: "ignore",
  });
  const client = new Client({ name: "mesh-mcp-bench", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const mcp = { sender: await startMcp("lab-ovh"), reader: await startMcp("droplet") };
const content = "build 4711 finished: 312 tests passed, artifacts uploaded to the usual place";
// Each send has content of its own: mesh-mcp answers a repeated call with the first message.
let sends = 0;
const sendArgs = () => ({ to: "droplet", kind: "fyi" as const, content: `${content} #${++sends}` });

async function mcpCall(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
}

const pairs = {
  send_message: {
    direct: () => direct.sender.send(sendArgs()),
    mcp: () => mcpCall(mcp.sender, "send_message", sendArgs()),
  },
  check_inbox: {
    direct: () => direct.reader.fetch({ unreadOnly: true, limit: 20 }),
    mcp: () => mcpCall(mcp.reader, "check_inbox", { unread_only: true, limit: 20 }),
  },
};

async function timeCall(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

console.log(`mesh-mcp round trips, ${CALLS} calls each, alternating (median ms per call)`);
for (const [name, pair] of Object.entries(pairs)) {
  for (let i = 0; i < WARMUP_CALLS; i++) {
    await pair.direct();
    await pair.mcp();
  }
  const samples = { direct: [] as number[], mcp: [] as number[] };
  // Alternating, so that load on a shared machine hits both sides alike.
  for (let i = 0; i < CALLS; i++) {
    samples.direct.push(await timeCall(pair.direct));
    samples.mcp.push(await timeCall(pair.mcp));
  }
  const overhead = median(samples.mcp) - median(samples.direct);
  reportBench({
    figure: `${name}: MCP overhead over the same @mesh/client call, p50`,
    value: `${overhead.toFixed(3)} ms`,
    baseline: `mcp ${median(samples.mcp).toFixed(3)} ms, direct ${median(samples.direct).toFixed(3)} ms`,
    ratio: median(samples.mcp) / median(samples.direct),
    target: `< ${OVERHEAD_TARGET_MS} ms`,
    met: overhead < OVERHEAD_TARGET_MS,
  });
}
await Promise.all([mcp.sender.close(), mcp.reader.close()]);

/** Milliseconds from spawning the bin to the answer of its first tools/list. */
async function timeStart(compileCache: string): Promise<number> {
  const start = performance.now();
  const client = await startMcp("droplet", { NODE_COMPILE_CACHE: compileCache });
  await client.listTools();
  const elapsed = performance.now() - start;
  await client.close();
  return elapsed;
}

const cacheRoot = await mkdtemp(join(tmpdir(), "mesh-mcp-bench-"));
const cold: number[] = [];
for (let i = 0; i < STARTS; i++) cold.push(await timeStart(join(cacheRoot, `cold-${i}`)));
const warmCache = join(cacheRoot, "warm");
await timeStart(warmCache);
const warm: number[] = [];
for (let i = 0; i < STARTS; i++) warm.push(await timeStart(warmCache));
await rm(cacheRoot, { recursive: true, force: true });
const nodeStarts: number[] = [];
for (let i = 0; i < STARTS; i++) {
  const start = performance.now();
  spawnSync(process.execPath, ["-e", ""], { stdio: "ignore" });
  nodeStarts.push(performance.now() - start);
}
const startup = median(warm);
const bare = median(nodeStarts);
console.log(`start-up, cold (empty compile cache): median ${median(cold).toFixed(1)} ms`);
reportBench({
  figure: `mesh-mcp start-up to the first tools/list answer, warm cache, median of ${STARTS}`,
  value: `${startup.toFixed(1)} ms`,
  baseline: `node -e "" ${bare.toFixed(1)} ms`,
  ratio: startup / bare,
  target: `< ${STARTUP_TARGET_MS} ms`,
  met: startup < STARTUP_TARGET_MS,
});

// Everything started here ends here, so that the run ends.
await Promise.all([direct.sender.close(), direct.reader.close()]);
gatewayProcess.stdin.end();
