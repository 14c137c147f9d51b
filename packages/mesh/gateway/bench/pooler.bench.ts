// Gateways behind PgBouncer in transaction mode, as operators scale out: sends per second of three
// gateways through the pooler against one gateway direct (and three direct, to tell the
// pooler's cost from the machine's), and cross-gateway wake latency through the pooler with the
// direct listen URL and with the 250 ms poll fallback. PgBouncer (Debian's `pgbouncer`) is
// started from a generated config on a free port. Run: pnpm --filter @mesh/gateway bench
// (after building), or `node bench/pooler.bench.ts`. Bounded: about two minutes.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { reportBench } from "@repo/bench";
import autocannon from "autocannon";
import pg from "pg";
import { type RunningGateway, startGateway } from "../dist/index.js";
import { findPgBouncer, type PgBouncer, startPgBouncer } from "../test/pgbouncer.ts";
import { cpuMs, postgresCpuMs, stopChild, whenListening } from "./child-gateway.ts";

const DURATION_S = 10;
const WARMUP_S = 2;
/** Ten per gateway with three; all thirty on the one gateway. */
const CONNECTIONS = 30;
const WAKE_ROUNDS = 200;
const TOKEN = "bench-admin-token-0123456789";
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  url: string;
}

function serve(database: string, listenDatabase?: string): Promise<Server> {
  const args = [CLI, "serve", "--port", "0", "--quiet", "--database", database];
  if (listenDatabase !== undefined) args.push("--listen-database", listenDatabase);
  const child = spawn(process.execPath, args, {
    env: { ...process.env, MESH_GATEWAY_TOKEN: TOKEN },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return whenListening(child);
}

const headers = { "content-type": "application/json", authorization: `Bearer ${TOKEN}` };
const sendBody = (content: string) =>
  JSON.stringify({ from_node: "peer-1", to_node: "peer-2", kind: "fyi", content });

interface Figures {
  rps: number;
  p99: number;
  /** Gateway CPU per send, all gateways together, in µs. */
  cpuUs: number;
  dbCpuUs: number;
  poolerCpuUs: number;
}

/** Sends on every server at once, the connections split evenly, after an unmeasured warm-up. */
async function sends(servers: readonly Server[], pooler: number): Promise<Figures> {
  const run = (duration: number) =>
    Promise.all(
      servers.map((server) =>
        autocannon({
          url: `${server.url}/messages`,
          method: "POST",
          headers,
          body: sendBody("bench message with a little text in it"),
          connections: CONNECTIONS / servers.length,
          duration,
        }),
      ),
    );
  await run(WARMUP_S);
  const cpu = () => servers.reduce((sum, server) => sum + cpuMs(server.child.pid!), 0);
  const [cpuBefore, dbBefore, poolerBefore] = [cpu(), postgresCpuMs(), cpuMs(pooler)];
  const results = await run(DURATION_S);
  const total = results.reduce((sum, result) => sum + result.requests.total, 0);
  const failed = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  if (failed > 0) throw new Error(`sends: ${failed} failed requests`);
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    cpuUs: ((cpu() - cpuBefore) * 1000) / total,
    dbCpuUs: ((postgresCpuMs() - dbBefore) * 1000) / total,
    poolerCpuUs: ((cpuMs(pooler) - poolerBefore) * 1000) / total,
  };
}

function request(url: string, method: "GET" | "POST", body?: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      url,
      { method, headers: text === undefined ? { authorization: headers.authorization } : headers },
      (response) => {
        let reply = "";
        response.on("data", (chunk) => {
          reply += chunk;
        });
        response.on("end", () => resolve(reply));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(text);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * From the acknowledgement of a send through `sender` to the answer of a long-poll waiting on
 * `waiter`, `WAKE_ROUNDS` times; a random pause before each send, so that the sends fall at
 * every phase of a poll interval.
 */
async function wakeLatency(waiter: RunningGateway, sender: RunningGateway): Promise<number[]> {
  for (const peer of ["wake-inbox", "wake-sender"])
    await request(`${sender.url}/peers/register`, "POST", { name: peer });
  const latencies: number[] = [];
  let after = 0;
  for (let round = 0; round < WAKE_ROUNDS; round++) {
    let answered = 0;
    const waiting = request(
      `${waiter.url}/messages?to=wake-inbox&wait=30&after_id=${after}`,
      "GET",
    ).then((text) => {
      answered = performance.now();
      return text;
    });
    await sleep(5 + Math.random() * 50);
    await request(`${sender.url}/messages`, "POST", {
      from_node: "wake-sender",
      to_node: "wake-inbox",
      kind: "fyi",
      content: `round ${round}`,
    });
    const acked = performance.now();
    const messages = JSON.parse(await waiting).messages as Array<{ id: number }>;
    if (messages.length !== 1) throw new Error(`round ${round}: ${messages.length} messages`);
    latencies.push(Math.max(0, answered - acked));
    after = messages[0]!.id;
  }
  return latencies;
}

/** A fresh database, its URL direct and through the pooler, and how to drop it. */
async function database(admin: pg.Client, bouncer: PgBouncer) {
  const name = `mesh_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    name,
    direct: PG_URL.replace(/\/test$/, `/${name}`),
    pooled: bouncer.url(name),
    drop: () => admin.query(`DROP DATABASE ${name} WITH (FORCE)`),
  };
}

/** Registers the two peers the sends use. */
async function seedPeers(server: Server): Promise<void> {
  for (const name of ["peer-1", "peer-2"])
    await request(`${server.url}/peers/register`, "POST", { name });
}

async function throughput(admin: pg.Client, bouncer: PgBouncer) {
  const db = await database(admin, bouncer);
  const run = async (start: () => Promise<Server>[]) => {
    const servers = await Promise.all(start());
    try {
      await seedPeers(servers[0]!);
      const figures = await sends(servers, bouncer.pid);
      const { rows } = await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
        [db.name],
      );
      return { ...figures, connections: rows[0]!.n };
    } finally {
      await Promise.all(servers.map((server) => stopChild(server.child, "SIGKILL")));
    }
  };
  try {
    const one = await run(() => [serve(db.direct)]);
    const onePooled = await run(() => [serve(db.pooled, db.direct)]);
    const threeDirect = await run(() => [0, 1, 2].map(() => serve(db.direct)));
    const threePooled = await run(() => [0, 1, 2].map(() => serve(db.pooled, db.direct)));
    return { one, onePooled, threeDirect, threePooled };
  } finally {
    await db.drop();
  }
}

async function wakes(admin: pg.Client, bouncer: PgBouncer, direct: boolean) {
  const db = await database(admin, bouncer);
  const options = {
    port: 0,
    database: db.pooled,
    listenDatabase: direct ? db.direct : undefined,
    adminToken: TOKEN,
    logger: false,
    rateLimitPerMinute: 0,
  } as const;
  const [a, b] = [await startGateway(options), await startGateway(options)];
  try {
    if (a.wakeups !== (direct ? "listen" : "poll")) throw new Error(`wake-ups: ${a.wakeups}`);
    return await wakeLatency(a, b);
  } finally {
    await a.close();
    await b.close();
    await db.drop();
  }
}

const executable = findPgBouncer();
if (executable === undefined) {
  console.log("pooler bench skipped: pgbouncer is not installed (apt-get install pgbouncer)");
  process.exit(0);
}
const loadBefore = loadavg().map((value) => value.toFixed(2));
const bouncer = await startPgBouncer(executable);
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
try {
  const { one, onePooled, threeDirect, threePooled } = await throughput(admin, bouncer);
  const listened = await wakes(admin, bouncer, true);
  const polled = await wakes(admin, bouncer, false);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per scenario, loopback, ${process.version}, ${cpus().length} cores, load average ${loadBefore.join(" ")} before, ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} after`,
  );
  console.table(
    (
      [
        ["one gateway, direct", one],
        ["one gateway, PgBouncer (transaction)", onePooled],
        ["three gateways, direct", threeDirect],
        ["three gateways, PgBouncer (transaction)", threePooled],
      ] as const
    ).map(([scenario, f]) => ({
      scenario,
      "sends/s": Math.round(f.rps),
      "p99 ms": f.p99,
      "gateway CPU µs/send": Math.round(f.cpuUs * 10) / 10,
      "PostgreSQL CPU µs/send": Math.round(f.dbCpuUs * 10) / 10,
      "PgBouncer CPU µs/send": Math.round(f.poolerCpuUs * 10) / 10,
      "server connections": f.connections,
    })),
  );
  const rate = (f: Figures) => `${Math.round(f.rps).toLocaleString("en-US")}/s`;
  reportBench({
    figure: "PostgreSQL sends/s, three gateways behind PgBouncer (transaction mode)",
    value: rate(threePooled),
    baseline: `one gateway direct ${rate(one)}; three direct ${rate(threeDirect)}`,
    ratio: threePooled.rps / one.rps,
    target: ">= 1.5x",
    met: threePooled.rps / one.rps >= 1.5,
  });
  reportBench({
    figure: "PostgreSQL sends/s, one gateway behind PgBouncer (no prepared statements)",
    value: rate(onePooled),
    baseline: `one gateway direct ${rate(one)}`,
    ratio: onePooled.rps / one.rps,
  });
  const show = (values: number[]) =>
    `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} ms`;
  reportBench({
    figure: "cross-gateway wake through PgBouncer, direct listen URL, p50 / p99",
    value: show(listened),
    target: "p99 < 50 ms",
    met: percentile(listened, 99) < 50,
  });
  reportBench({
    figure: "cross-gateway wake through PgBouncer, 250 ms poll fallback, p50 / p99",
    value: show(polled),
    target: "p99 < 400 ms",
    met: percentile(polled, 99) < 400,
  });
} finally {
  await admin.end();
  await bouncer.stop();
}
