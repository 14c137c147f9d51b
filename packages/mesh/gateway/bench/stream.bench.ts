// Live delivery on loopback: stream latency from POST /messages to the event at a subscriber,
// the gateway's memory with 10,000 open streams, and send throughput with 1,000 open streams
// as a ratio to none. Run: pnpm --filter @mesh/gateway bench (after building). Bounded: about
// 80 s in all; every scenario has a fixed count or duration.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { reportBench } from "@repo/bench";
import autocannon from "autocannon";
import { openStorage } from "../dist/index.js";
import { cpuMs, rssMb, stopChild as stop, whenListening } from "./child-gateway.ts";

const TOKEN = "bench-admin-token-0123456789";
const LATENCY_SENDS = 2000;
const MANY_STREAMS = 10_000;
const LOAD_STREAMS = 1000;
const PEERS = LOAD_STREAMS;
const CONNECTIONS = 32;
const DURATION_S = 4;
const WARMUP_S = 2;
/** Pairs of an idle and a loaded round: the ratio is their median, robust to a noisy neighbour. */
const ROUNDS = 5;
const OPEN_BATCH = 250;

/** The gateway in a child process, so its memory is measured alone. */
const SERVER = `
import { startGateway } from ${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)};
const gateway = await startGateway({
  port: 0,
  database: process.argv[1],
  adminToken: ${JSON.stringify(TOKEN)},
  logger: false,
  maxStreams: ${MANY_STREAMS + 100},
});
process.stderr.write("listening on " + gateway.url + "\\n");
process.on("SIGTERM", () => gateway.close().then(() => process.exit(0)));
`;

/**
 * Many open streams in a process of their own, so that reading them does not slow the load
 * generator in this one. Each reads raw bytes and drops them: on this machine the subscribers
 * share the cores with the gateway, and an HTTP parser per event would be the harness's cost,
 * not the gateway's (the gateway's own CPU per send is reported beside the rate).
 * Prints "ready" once every stream has its headers.
 */
const SUBSCRIBERS = `
import net from "node:net";
const [url, count, peers] = process.argv.slice(1);
const { hostname, port } = new URL(url);
const buffer = Buffer.alloc(65536);
const open = (to) => new Promise((resolve, reject) => {
  let head = true;
  const socket = net.connect({
    port: Number(port),
    host: hostname,
    onread: {
      buffer,
      callback: (length, bytes) => {
        if (!head) return;
        head = false;
        if (!bytes.toString("latin1", 0, 12).startsWith("HTTP/1.1 200")) reject(new Error("stream answered " + bytes.toString("latin1", 0, 12)));
        else resolve();
      },
    },
  }, () => {
    socket.write("GET /messages/stream?to=" + to + " HTTP/1.1\\r\\nHost: " + hostname + "\\r\\nAuthorization: Bearer ${TOKEN}\\r\\n\\r\\n");
  });
  socket.on("error", reject);
});
for (let start = 0; start < Number(count); start += ${OPEN_BATCH}) {
  const batch = [];
  for (let i = start; i < Math.min(start + ${OPEN_BATCH}, Number(count)); i++) batch.push(open("peer-" + (i % Number(peers))));
  await Promise.all(batch);
}
process.stdout.write("ready\\n");
`;

/** The baseline for memory: bare node:http holding the same number of event-stream responses. */
const BARE_SSE_SERVER = `
import http from "node:http";
const server = http.createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
  response.write("retry: 2000\\nid: 0\\n\\n");
});
server.listen(0, "127.0.0.1", () => process.stderr.write("listening on http://127.0.0.1:" + server.address().port + "\\n"));
process.on("SIGTERM", () => process.exit(0));
`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function spawnGateway(
  database: string,
  script = SERVER,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, database], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  return whenListening(child);
}

function spawnSubscribers(url: string, count: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", SUBSCRIBERS, url, String(count), String(PEERS)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`subscribers exited with ${code}`)));
  });
}

/** Opens a stream and calls `onData` with each event's data; resolves once the headers are in. */
function openStream(
  url: string,
  to: string,
  onData: (data: string) => void = () => {},
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/messages/stream?to=${to}`,
      { headers: { authorization: `Bearer ${TOKEN}` }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf("\n\n");
          while (cut !== -1) {
            const data = /^data: (.*)$/m.exec(buffer.slice(0, cut));
            if (data !== null) onData(data[1] as string);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf("\n\n");
          }
        });
        resolve(request);
      },
    );
    request.on("error", reject);
  });
}

function post(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/messages`,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Sequential sends, each timed from just before its POST to its event at the subscriber. */
async function deliveryLatency(url: string): Promise<{ p50: number; p99: number }> {
  const pending = new Map<string, (at: number) => void>();
  const subscriber = await openStream(url, "peer-1", (data) => {
    const content = (JSON.parse(data) as { content: string }).content;
    pending.get(content)?.(performance.now());
  });
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SENDS; i++) {
    const content = `latency probe ${i}`;
    const delivered = new Promise<number>((resolve) => pending.set(content, resolve));
    const started = performance.now();
    const body = JSON.stringify({ from_node: "peer-0", to_node: "peer-1", kind: "fyi", content });
    const status = await post(url, body);
    if (status !== 201) throw new Error(`send answered ${status}`);
    const at = await delivered;
    pending.delete(content);
    // The first tenth warms the JIT and the database caches.
    if (i >= LATENCY_SENDS / 10) samples.push(at - started);
  }
  subscriber.destroy();
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * POST /messages throughput, round-robin over the peers (each with a stream in the loaded run),
 * and the gateway's CPU per send: steadier than sends/s when other processes share the cores.
 */
async function sendRate(
  url: string,
  pid: number,
  warmUp = false,
): Promise<{ rps: number; cpuUs: number }> {
  let n = 0;
  const options: autocannon.Options = {
    url: `${url}/messages`,
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            from_node: "peer-0",
            to_node: `peer-${n++ % PEERS}`,
            kind: "fyi",
            content: "bench message with a little text in it",
          }),
        }),
      },
    ],
  };
  if (warmUp) await autocannon({ ...options, duration: WARMUP_S });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx + result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuUs };
}

interface RoundPair {
  idle: { rps: number; cpuUs: number };
  loaded: { rps: number; cpuUs: number };
  ratio: number;
}

/**
 * Send rate without streams and with {@link LOAD_STREAMS} streams receiving, in alternating
 * pairs (idle first, then loaded first): on shared cores the machine's speed drifts between
 * two long runs, which one pair would take for the streams' cost. Sorted by ratio.
 */
async function alternatingRounds(url: string, pid: number): Promise<RoundPair[]> {
  await sendRate(url, pid, true);
  const pairs: RoundPair[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const idleFirst = round % 2 === 0;
    const before = idleFirst ? await sendRate(url, pid) : undefined;
    const subscribers = await spawnSubscribers(url, LOAD_STREAMS);
    const loaded = await sendRate(url, pid);
    await stop(subscribers);
    const idle = before ?? (await sendRate(url, pid));
    pairs.push({ idle, loaded, ratio: loaded.rps / idle.rps });
  }
  return pairs.sort((a, b) => a.ratio - b.ratio);
}

async function seed(database: string): Promise<void> {
  const storage = await openStorage(database);
  const at = new Date().toISOString();
  for (let i = 0; i < PEERS; i++) {
    await storage.registerPeer({ name: `peer-${i}`, url: null, capabilities: {}, extra: {}, at });
  }
  await storage.close();
}

const loadBefore = loadavg().map((value) => value.toFixed(2));
const dir = mkdtempSync(join(tmpdir(), "mesh-stream-bench-"));
const database = join(dir, "gateway.db");
try {
  await seed(database);
  // Memory first, on a gateway of its own: what 10,000 idle subscribers cost a fresh process.
  const bare = await spawnGateway(database, BARE_SSE_SERVER);
  const bareBefore = rssMb(bare.child.pid as number);
  let subscribers = await spawnSubscribers(bare.url, MANY_STREAMS);
  const bareOpen = rssMb(bare.child.pid as number);
  await stop(subscribers);
  await stop(bare.child);

  const fresh = await spawnGateway(database);
  const rssBefore = rssMb(fresh.child.pid as number);
  subscribers = await spawnSubscribers(fresh.url, MANY_STREAMS);
  const rssOpen = rssMb(fresh.child.pid as number);
  await stop(subscribers);
  await stop(fresh.child);

  const gateway = await spawnGateway(database);
  const pid = gateway.child.pid as number;
  const latency = await deliveryLatency(gateway.url);

  const pairs = await alternatingRounds(gateway.url, pid);
  await stop(gateway.child);
  const { idle, loaded, ratio } = pairs[Math.floor(pairs.length / 2)] as RoundPair;

  console.log(
    `\nloopback, one gateway (SQLite), ${process.version}, ${cpus().length} cores, load average ${loadBefore.join(" ")} before, ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} after`,
  );
  console.log(
    `sends/s ratio per round pair (with streams / none): ${pairs.map((pair) => pair.ratio.toFixed(2)).join(", ")}; median pair below`,
  );
  console.table([
    { figure: "stream delivery p50", value: `${latency.p50.toFixed(2)} ms` },
    { figure: "stream delivery p99", value: `${latency.p99.toFixed(2)} ms` },
    { figure: `gateway RSS, ${MANY_STREAMS} open streams`, value: `${rssOpen.toFixed(0)} MB` },
    { figure: "gateway RSS before opening them", value: `${rssBefore.toFixed(0)} MB` },
    {
      figure: `bare node:http RSS, ${MANY_STREAMS} open event streams`,
      value: `${bareOpen.toFixed(0)} MB (${bareBefore.toFixed(0)} MB before)`,
    },
    { figure: "sends/s, no open streams", value: Math.round(idle.rps) },
    {
      figure: `sends/s, ${LOAD_STREAMS} open streams receiving them`,
      value: Math.round(loaded.rps),
    },
    { figure: "gateway CPU per send, no open streams", value: `${idle.cpuUs.toFixed(0)} µs` },
    {
      figure: `gateway CPU per send and delivery, ${LOAD_STREAMS} streams`,
      value: `${loaded.cpuUs.toFixed(0)} µs`,
    },
  ]);
  reportBench({
    figure: "stream delivery p99, POST to the event at the subscriber",
    value: `${latency.p99.toFixed(2)} ms`,
    target: "< 20 ms",
    met: latency.p99 < 20,
  });
  reportBench({
    figure: `gateway RSS with ${MANY_STREAMS} open streams`,
    value: `${rssOpen.toFixed(0)} MB`,
    baseline: `bare node:http ${bareOpen.toFixed(0)} MB`,
    ratio: rssOpen / bareOpen,
    target: "< 300 MB",
    met: rssOpen < 300,
  });
  reportBench({
    figure: `sends/s with ${LOAD_STREAMS} open streams receiving them`,
    value: `${Math.round(loaded.rps)}/s`,
    baseline: `no open streams ${Math.round(idle.rps)}/s`,
    ratio,
    target: ">= 0.8x",
    met: ratio >= 0.8,
  });
} finally {
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}
