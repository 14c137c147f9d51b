// Gateway throughput and latency on loopback, next to a bare node:http server and a naive
// node:http + node:sqlite server, on SQLite and on PostgreSQL (one gateway, then two on one
// database). The gateway runs as a user runs it: the
// CLI's `serve` with its request log on, rate limits, timeouts and the content guard at their
// defaults (the load uses the admin token, which the rate limit exempts).
// Run: pnpm --filter @mesh/gateway bench (after building). Bounded: about 12 s per scenario.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reportBench } from "@repo/bench";
import autocannon from "autocannon";
import pg from "pg";
import { type ImportedMessage, openStorage } from "../dist/index.js";
import { cpuMs, postgresCpuMs, rssMb, stopChild as stop, whenListening } from "./child-gateway.ts";
import { registerPeers } from "./storage-send-rate.ts";

const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 32;
const MESSAGES = 1_000_000;
const PEERS = 100;
/** One stored message in ten stays unread, spread over every inbox. */
const UNREAD_EVERY = 10;
const TOKEN = "bench-admin-token-0123456789";
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";
/** An inbox with unread messages (10,000 stored, 1,000 unread): the read returns a full page. */
const INBOX = "/messages?to=peer-7&unread_only=true&limit=100";
/** The same inbox polled past its newest message: the common "nothing new" poll. */
const POLL = `${INBOX}&after_id=${MESSAGES * 10}`;

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

/**
 * Fastify itself, the gateway's framework, answering POST /messages with the bare server's
 * fixed JSON after parsing the body: with no log (argument `quiet`), or with one JSON log line
 * per request as the gateway writes (`log`). What the framework and a request log cost before
 * any work of the gateway's own: the ceiling of a Fastify gateway next to the bare server.
 */
const FASTIFY_SERVER = `
const { default: Fastify, LogController } = require("fastify");
const log = process.argv[1] === "log";
const body = JSON.stringify({ id: 1, from_node: "peer-1", to_node: "peer-2", kind: "fyi", thread_id: null, created_at: new Date().toISOString() });
const app = Fastify({ logger: log, logController: new LogController({ disableRequestLogging: true }) });
if (log) app.addHook("onResponse", (request, reply, done) => { request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, "request completed"); done(); });
app.post("/messages", (request, reply) => { reply.code(201).type("application/json").send(body); });
app.listen({ port: 0, host: "127.0.0.1" }).then((address) => process.stderr.write("listening on " + address + "\\n"));
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
`;

/**
 * The same send done naively: per POST /messages, read the body, JSON.parse, check the bearer and
 * the required fields, one INSERT into a node:sqlite file database (a fresh table, default
 * pragmas: rollback journal, synchronous FULL, no WAL, no batching), answer the row id as JSON.
 */
const NAIVE_SERVER = `
const http = require("node:http");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(process.argv[1]);
db.exec("CREATE TABLE messages (id INTEGER PRIMARY KEY, from_node TEXT NOT NULL, to_node TEXT NOT NULL, kind TEXT NOT NULL, content TEXT NOT NULL, created_at TEXT NOT NULL)");
const insert = db.prepare("INSERT INTO messages (from_node, to_node, kind, content, created_at) VALUES (?, ?, ?, ?, ?)");
const auth = "Bearer " + process.env.MESH_GATEWAY_TOKEN;
const answer = (res, status, value) => { res.writeHead(status, { "content-type": "application/json" }); res.end(JSON.stringify(value)); };
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    if (req.method !== "POST" || req.url !== "/messages") return answer(res, 404, { error: "not found" });
    if (req.headers.authorization !== auth) return answer(res, 401, { error: "unauthorized" });
    let m;
    try { m = JSON.parse(Buffer.concat(chunks).toString("utf8")); } catch { return answer(res, 400, { error: "bad json" }); }
    if (!m || typeof m.from_node !== "string" || typeof m.to_node !== "string" || typeof m.kind !== "string" || typeof m.content !== "string") return answer(res, 400, { error: "missing fields" });
    const { lastInsertRowid } = insert.run(m.from_node, m.to_node, m.kind, m.content, new Date().toISOString());
    answer(res, 201, { id: Number(lastInsertRowid) });
  });
});
server.listen(0, "127.0.0.1", () => process.stderr.write("listening on http://127.0.0.1:" + server.address().port + "\\n"));
process.on("SIGTERM", () => server.close(() => { db.close(); process.exit(0); }));
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

const serveGateway = (database: string) =>
  spawnServer([CLI, "serve", "--port", "0", "--database", database]);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU per request in µs (all servers together): steadier than req/s under load. */
  cpuUs: number;
  /** PostgreSQL's own CPU per request in µs (every server process; ~0 on SQLite). */
  dbCpuUs: number;
}

const headers = { "content-type": "application/json", authorization: `Bearer ${TOKEN}` };
const sendRequest = {
  method: "POST" as const,
  headers,
  body: JSON.stringify({
    from_node: "peer-1",
    to_node: "peer-2",
    kind: "fyi",
    content: "bench message with a little text in it",
  }),
};
const readRequest = { headers: { authorization: `Bearer ${TOKEN}` } };

/**
 * Load on one or more servers at once (the connections split between them), after an equal
 * unmeasured warm-up, so the JIT and caches are warm when figures are taken.
 */
async function load(
  servers: ReadonlyArray<{ child: ChildProcess; url: string }>,
  path: string,
  request: Omit<autocannon.Options, "url">,
): Promise<Figures> {
  const run = (duration: number) =>
    Promise.all(
      servers.map((server) =>
        autocannon({
          ...request,
          url: `${server.url}${path}`,
          connections: CONNECTIONS / servers.length,
          duration,
        }),
      ),
    );
  await run(WARMUP_S);
  const cpu = () => servers.reduce((sum, server) => sum + cpuMs(server.child.pid!), 0);
  const cpuBefore = cpu();
  const dbBefore = postgresCpuMs();
  const results = await run(DURATION_S);
  const dbMs = postgresCpuMs() - dbBefore;
  const total = results.reduce((sum, result) => sum + result.requests.total, 0);
  const failed = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  if (failed > 0) throw new Error(`${path}: ${failed} failed requests`);
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    cpuUs: ((cpu() - cpuBefore) * 1000) / total,
    dbCpuUs: (dbMs * 1000) / total,
  };
}

async function seed(database: string): Promise<void> {
  await registerPeers(database, PEERS);
  const storage = await openStorage(database);
  const at = new Date().toISOString();
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
      // Every inbox gets its share: by the round over the peers, not by the index itself.
      readAt: Math.floor(index / PEERS) % UNREAD_EVERY === 0 ? null : at,
    });
    if (batch.length === 20_000) {
      await storage.importMessages(batch);
      batch.length = 0;
    }
  }
  await storage.importMessages(batch);
  await storage.close();
}

async function seeded(database: string, label: string): Promise<void> {
  const started = performance.now();
  await seed(database);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: seeded ${MESSAGES} messages for ${PEERS} peers in ${seconds.toFixed(1)} s`,
  );
}

/** One back end: sends, a full inbox page, an empty poll; the gateway's peak RSS. */
async function backend(database: string) {
  const gateway = await serveGateway(database);
  let maxRss = rssMb(gateway.child.pid!);
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(gateway.child.pid!));
  }, 250);
  try {
    const sends = await load([gateway], "/messages", sendRequest);
    const inbox = await load([gateway], INBOX, readRequest);
    const poll = await load([gateway], POLL, readRequest);
    return { sends, inbox, poll, maxRss: Math.max(maxRss, rssMb(gateway.child.pid!)) };
  } finally {
    clearInterval(sampler);
    await stop(gateway.child);
  }
}

/** A fresh PostgreSQL database for the run, dropped afterwards. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mesh_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: PG_URL.replace(/\/test$/, `/${name}`),
    async drop() {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const loadBefore = loadavg()
  .map((value) => value.toFixed(2))
  .join(" ");
const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-bench-"));
const sqlitePath = join(dir, "gateway.db");
const postgres = await postgresDatabase();
try {
  await seeded(sqlitePath, "SQLite");
  await seeded(postgres.url, "PostgreSQL");

  const bare = await spawnServer(["-e", BARE_SERVER]);
  const baseline = await load([bare], "/messages", sendRequest);
  await stop(bare.child);

  const fastifyFigures = async (mode: "quiet" | "log") => {
    const server = await spawnServer(["-e", FASTIFY_SERVER, mode]);
    return load([server], "/messages", sendRequest).finally(() => stop(server.child));
  };
  const fastifyQuiet = await fastifyFigures("quiet");
  const fastifyLog = await fastifyFigures("log");

  const naiveServer = await spawnServer(["-e", NAIVE_SERVER, join(dir, "naive.db")]);
  const naive = await load([naiveServer], "/messages", sendRequest);
  await stop(naiveServer.child);

  const sqlite = await backend(sqlitePath);
  const postgresOne = await backend(postgres.url);
  const pair = await Promise.all([serveGateway(postgres.url), serveGateway(postgres.url)]);
  const postgresTwo = await load(pair, "/messages", sendRequest).finally(() =>
    Promise.all(pair.map((server) => stop(server.child))),
  );

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per scenario, loopback, ${process.version}, ${cpus().length} cores, load average ${loadBefore} before, ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} after`,
  );
  const rows: Array<[string, Figures]> = [
    ["bare node:http (fixed JSON)", baseline],
    ["Fastify alone, fixed JSON, no log", fastifyQuiet],
    ["Fastify alone, fixed JSON, a log line per request", fastifyLog],
    ["naive node:http + node:sqlite POST /messages", naive],
    ["SQLite POST /messages", sqlite.sends],
    ["SQLite inbox page (100 unread of 1M)", sqlite.inbox],
    ["SQLite inbox poll, nothing new", sqlite.poll],
    ["PostgreSQL POST /messages", postgresOne.sends],
    ["PostgreSQL inbox page (100 unread of 1M)", postgresOne.inbox],
    ["PostgreSQL inbox poll, nothing new", postgresOne.poll],
    ["PostgreSQL POST /messages, two gateways", postgresTwo],
  ];
  console.table(
    rows.map(([scenario, f]) => ({
      scenario,
      "req/s": Math.round(f.rps),
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      "gateway CPU µs/req": Math.round(f.cpuUs * 10) / 10,
      "PostgreSQL CPU µs/req": Math.round(f.dbCpuUs * 10) / 10,
    })),
  );
  const rate = (f: Figures) => `${Math.round(f.rps).toLocaleString("en-US")}/s`;
  const versus = (name: string, f: Figures) => `${name} ${rate(f)}`;
  reportBench({
    figure: "SQLite sends/s",
    value: rate(sqlite.sends),
    baseline: versus("bare node:http", baseline),
    ratio: sqlite.sends.rps / baseline.rps,
    target: ">= 0.50x",
    met: sqlite.sends.rps / baseline.rps >= 0.5,
  });
  for (const [name, figures] of [
    ["Fastify alone, no log", fastifyQuiet],
    ["Fastify alone, a log line per request", fastifyLog],
  ] as const) {
    reportBench({
      figure: `${name}, POST fixed JSON/s`,
      value: rate(figures),
      baseline: versus("bare node:http", baseline),
      ratio: figures.rps / baseline.rps,
    });
  }
  reportBench({
    figure: "SQLite sends/s vs naive node:http + node:sqlite",
    value: rate(sqlite.sends),
    baseline: versus("naive node:http + node:sqlite", naive),
    ratio: sqlite.sends.rps / naive.rps,
    target: ">= 2x",
    met: sqlite.sends.rps / naive.rps >= 2,
  });
  reportBench({
    figure: "SQLite inbox reads/s (unread, limit 100, 1M stored)",
    value: rate(sqlite.inbox),
    baseline: versus("bare node:http", baseline),
    ratio: sqlite.inbox.rps / baseline.rps,
    target: ">= 0.40x",
    met: sqlite.inbox.rps / baseline.rps >= 0.4,
  });
  reportBench({
    figure: "SQLite inbox read p99",
    value: `${sqlite.inbox.p99} ms`,
    target: "< 5 ms",
    met: sqlite.inbox.p99 < 5,
  });
  reportBench({
    figure: "SQLite inbox polls/s, nothing new",
    value: rate(sqlite.poll),
    baseline: versus("bare node:http", baseline),
    ratio: sqlite.poll.rps / baseline.rps,
  });
  reportBench({
    figure: "PostgreSQL sends/s",
    value: rate(postgresOne.sends),
    baseline: versus("SQLite", sqlite.sends),
    ratio: postgresOne.sends.rps / sqlite.sends.rps,
    target: ">= 0.5x",
    met: postgresOne.sends.rps / sqlite.sends.rps >= 0.5,
  });
  reportBench({
    figure: "PostgreSQL inbox reads/s (unread, limit 100, 1M stored)",
    value: rate(postgresOne.inbox),
    baseline: versus("SQLite", sqlite.inbox),
    ratio: postgresOne.inbox.rps / sqlite.inbox.rps,
    target: ">= 0.5x",
    met: postgresOne.inbox.rps / sqlite.inbox.rps >= 0.5,
  });
  reportBench({
    figure: "PostgreSQL sends/s, two gateways on one database (sum)",
    value: rate(postgresTwo),
    baseline: versus("one gateway", postgresOne.sends),
    ratio: postgresTwo.rps / postgresOne.sends.rps,
  });
  reportBench({
    figure: "gateway max RSS (SQLite, 1M stored)",
    value: `${sqlite.maxRss.toFixed(0)} MB`,
    target: "< 250 MB",
    met: sqlite.maxRss < 250,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
  await postgres.drop();
}
