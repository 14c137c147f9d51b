// Gateway throughput and latency on loopback, next to a bare node:http server.
// Run: pnpm --filter @mesh/gateway bench (after building). Bounded: about 10 s per scenario.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { type ImportedMessage, openStorage } from "../dist/index.js";
import { cpuMs, rssMb, stopChild as stop, whenListening } from "./child-gateway.ts";

const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 32;
const MESSAGES = 1_000_000;
const PEERS = 100;
const TOKEN = "bench-admin-token-0123456789";
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

const BARE_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ id: 1, from_node: "peer-1", to_node: "peer-2", kind: "fyi", thread_id: null, created_at: new Date().toISOString() });
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => { res.writeHead(200, { "content-type": "application/json" }); res.end(body); });
});
server.listen(0, "127.0.0.1", () => process.stderr.write("listening on http://127.0.0.1:" + server.address().port + "\\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

function spawnServer(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  // stdout goes through a pipe that is drained and dropped, as under a log collector: the
  // gateway keeps its request log on and pays for writing it, without filling the pipe.
  const child = spawn(process.execPath, args, {
    env: { ...process.env, MESH_GATEWAY_TOKEN: TOKEN },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.resume();
  return whenListening(child);
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU per request in µs: steadier than req/s when other processes share the cores. */
  cpuUs: number;
}

async function load(name: string, pid: number, options: autocannon.Options): Promise<Figures> {
  // The same settings and an equal unmeasured warm-up for every server, so the JIT and
  // caches are warm when figures are taken.
  await autocannon({ connections: CONNECTIONS, duration: WARMUP_S, ...options });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total,
  };
}

async function seed(database: string): Promise<void> {
  const storage = await openStorage(database);
  const at = new Date().toISOString();
  for (let index = 0; index < PEERS; index++) {
    await storage.registerPeer({
      name: `peer-${index}`,
      url: null,
      capabilities: {},
      extra: {},
      at,
    });
  }
  const content = "status update: build 4711 finished, 0 failures; artifacts uploaded. ".repeat(3);
  const batch: ImportedMessage[] = [];
  for (let index = 0; index < MESSAGES; index++) {
    batch.push({
      fromNode: `peer-${(index + 1) % PEERS}`,
      toNode: `peer-${index % PEERS}`,
      kind: "status",
      content,
      relatedTaskId: null,
      threadId: `thread-${index % 1000}`,
      createdAt: at,
      // One in ten stays unread, as in a mostly drained mesh.
      readAt: index % 10 === 0 ? null : at,
    });
    if (batch.length === 20_000) {
      await storage.importMessages(batch);
      batch.length = 0;
    }
  }
  await storage.importMessages(batch);
  await storage.close();
}

const loadBefore = loadavg()
  .map((value) => value.toFixed(2))
  .join(" ");
const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-bench-"));
const database = join(dir, "gateway.db");
try {
  let started = performance.now();
  await seed(database);
  console.log(
    `seeded ${MESSAGES} messages for ${PEERS} peers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const bare = await spawnServer(["-e", BARE_SERVER]);
  const sendBody = JSON.stringify({
    from_node: "peer-1",
    to_node: "peer-2",
    kind: "fyi",
    content: "bench message with a little text in it",
  });
  const headers = { "content-type": "application/json", authorization: `Bearer ${TOKEN}` };
  const baseline = await load("bare node:http (fixed JSON)", bare.child.pid!, {
    url: `${bare.url}/messages`,
    method: "POST",
    headers,
    body: sendBody,
  });
  await stop(bare.child);

  started = performance.now();
  const gateway = await spawnServer([CLI, "serve", "--port", "0", "--database", database]);
  let maxRss = rssMb(gateway.child.pid!);
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(gateway.child.pid!));
  }, 250);
  const sends = await load("gateway POST /messages", gateway.child.pid!, {
    url: `${gateway.url}/messages`,
    method: "POST",
    headers,
    body: sendBody,
  });
  const inbox = await load("gateway GET inbox (unread, limit 100, 1M stored)", gateway.child.pid!, {
    url: `${gateway.url}/messages?to=peer-7&unread_only=true&limit=100`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  clearInterval(sampler);
  maxRss = Math.max(maxRss, rssMb(gateway.child.pid!));
  await stop(gateway.child);

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per scenario, loopback, ${process.version}, ${cpus().length} cores, load average ${loadBefore} before, ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} after`,
  );
  console.table(
    [baseline, sends, inbox].map((f) => ({
      scenario: f.name,
      "req/s": Math.round(f.rps),
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      errors: f.errors,
      "CPU µs/req": Math.round(f.cpuUs * 10) / 10,
    })),
  );
  const ratio = sends.rps / baseline.rps;
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  console.log(
    `sends vs bare server: ${(ratio * 100).toFixed(1)} % (target >= 40 %: ${verdict(ratio >= 0.4)})`,
  );
  console.log(
    `server CPU per send vs bare server: ${((baseline.cpuUs / sends.cpuUs) * 100).toFixed(1)} % (bare ${baseline.cpuUs.toFixed(1)} µs, gateway ${sends.cpuUs.toFixed(1)} µs; informative)`,
  );
  console.log(`inbox p99: ${inbox.p99} ms (target < 20 ms: ${verdict(inbox.p99 < 20)})`);
  console.log(
    `gateway max RSS: ${maxRss.toFixed(0)} MB (target < 250 MB: ${verdict(maxRss < 250)})`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
