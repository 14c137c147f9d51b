// The gateway under abuse on loopback: memory under stalled bodies, sockets left after early
// replies, cross-gateway wake latency and database load of idle waiters on PostgreSQL, and the
// cost of the server-side content guard. Run: pnpm --filter @mesh/gateway bench (after
// building), or `node bench/open-network.bench.ts postgres guard` for some of the scenarios
// (stalled, early, postgres, guard). Bounded: every scenario stops by itself within a minute.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reportBench } from "@repo/bench";
import autocannon from "autocannon";
import pg from "pg";
import { issuePeerToken, openStorage, startGateway } from "../dist/index.js";
import { cpuMs, rssMb, stopChild, whenListening } from "./child-gateway.ts";

const TOKEN = "bench-admin-token-0123456789";
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";
/** Measured rounds of the guard comparison: one process per mode, so more rounds even out JIT and cache luck. */
const GUARD_ROUNDS = 8;
const GUARD_ROUND_S = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function spawnGateway(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--quiet", ...args], {
    env: { ...process.env, MESH_GATEWAY_TOKEN: TOKEN },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return whenListening(child);
}

const stop = (child: ChildProcess) => stopChild(child, "SIGKILL");

/** TCP sockets a process holds open (its listening socket included). */
function openSockets(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) count++;
    } catch {
      // closed while listing
    }
  }
  return count;
}

/** Opens a connection, writes `head` and `body`, and keeps it open until `until` settles. */
function stalled(url: string, head: string, body: Buffer | undefined, until: Promise<void>) {
  const { port } = new URL(url);
  return new Promise<string>((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let reply = "";
    socket.on("connect", () => {
      socket.write(head);
      if (body !== undefined) socket.write(body);
    });
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(reply.slice(9, 12)));
    void until.then(() => socket.destroy());
  });
}

async function stalledBodies(dir: string) {
  const database = join(dir, "stalled.db");
  const storage = await openStorage(database);
  const tokens: string[] = [];
  for (let index = 0; index < 50; index++) {
    await storage.registerPeer({
      name: `peer-${index}`,
      url: null,
      capabilities: {},
      extra: {},
      at: new Date().toISOString(),
    });
    tokens.push(await issuePeerToken(storage, `peer-${index}`));
  }
  await storage.close();
  const gateway = await spawnGateway(["--database", database]);
  const pid = gateway.child.pid!;
  await sleep(500);
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  let release!: () => void;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  const body = Buffer.alloc(1_000_000, "a");
  body.write('{"content":"', 0);
  const replies = Array.from({ length: 1500 }, (_, index) =>
    stalled(
      gateway.url,
      `POST /messages HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokens[index % tokens.length]}\r\nContent-Type: application/json\r\nContent-Length: 1048000\r\n\r\n`,
      body,
      until,
    ),
  );
  await sleep(8000);
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  release();
  const statuses = await Promise.all(replies);
  await stop(gateway.child);
  const refused = statuses.filter((status) => status === "503").length;
  console.log(`stalled bodies: ${refused} of 1,500 refused with 503`);
  reportBench({
    figure: "gateway RSS under 1,500 stalled 1 MB bodies (50 peer tokens), peak",
    value: `${peak.toFixed(0)} MB`,
    baseline: `idle ${baseline.toFixed(0)} MB`,
    ratio: peak / baseline,
    target: "< 300 MB",
    met: peak < 300,
  });
}

async function earlyReplies() {
  const gateway = await spawnGateway(["--database", ":memory:"]);
  const pid = gateway.child.pid!;
  await sleep(300);
  const baseline = openSockets(pid);
  const { port } = new URL(gateway.url);
  const one = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () =>
        socket.write(
          "POST /messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n",
        ),
      );
      socket.on("error", () => resolve());
      socket.on("close", () => resolve());
      socket.on("data", () => {});
    });
  const started = performance.now();
  for (let wave = 0; wave < 20; wave++) await Promise.all(Array.from({ length: 500 }, one));
  const seconds = (performance.now() - started) / 1000;
  await sleep(2000);
  const left = openSockets(pid) - baseline;
  await stop(gateway.child);
  console.log(`10,000 unauthenticated 1 GB requests answered in ${seconds.toFixed(1)} s`);
  reportBench({
    figure: "open sockets 2 s after 10,000 unauthenticated 1 GB requests, above idle",
    value: String(left),
    baseline: `idle ${baseline}`,
    target: "0",
    met: left <= 0,
  });
}

function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${TOKEN}` } }, (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
}

function post(url: string, body: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${TOKEN}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        },
      },
      (response) => {
        let reply = "";
        response.on("data", (chunk) => {
          reply += chunk;
        });
        response.on("end", () => resolve(reply));
      },
    );
    request.on("error", reject);
    request.end(text);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * Wake latency: from the send's start, and from its acknowledgement, to the long-poll's answer.
 * `after` is the last id already delivered: a long-poll from an older cursor would answer at
 * once with old messages and time nothing. Returns the new last id for the next run.
 */
async function wakeLatency(
  through: string[],
  startAfter: number,
): Promise<{ fromSend: number[]; fromAck: number[]; after: number }> {
  const fromSend: number[] = [];
  const fromAck: number[] = [];
  let after = startAfter;
  for (let round = 0; round < 200; round++) {
    let answered = 0;
    const waiting = get(`${through[0]}/messages?to=wake-inbox&wait=30&after_id=${after}`).then(
      (text) => {
        answered = performance.now();
        return text;
      },
    );
    await sleep(5);
    const started = performance.now();
    await post(`${through[1]}/messages`, {
      from_node: "wake-sender",
      to_node: "wake-inbox",
      kind: "fyi",
      content: `round ${round}`,
    });
    const acked = performance.now();
    const messages = JSON.parse(await waiting).messages as Array<{ id: number }>;
    if (messages.length !== 1) throw new Error(`round ${round}: ${messages.length} messages`);
    fromSend.push(answered - started);
    fromAck.push(Math.max(0, answered - acked));
    after = messages[0]!.id;
  }
  return { fromSend, fromAck, after };
}

/** Waits until the gateway reports `count` registered waiters (its own metric). */
async function waitersOpen(url: string, count: number): Promise<void> {
  for (;;) {
    const text = await get(`${url}/metrics`);
    if (Number(/^mesh_gateway_waiters (\d+)/m.exec(text)?.[1]) >= count) return;
    await sleep(200);
  }
}

async function postgresScenarios() {
  const name = `mesh_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = PG_URL.replace(/\/test$/, `/${name}`);
  const options = { port: 0, database, adminToken: TOKEN, logger: false, rateLimitPerMinute: 0 };
  const a = await startGateway(options);
  const b = await startGateway(options);
  try {
    for (const peer of ["wake-inbox", "wake-sender"])
      await post(`${a.url}/peers/register`, { name: peer });
    const same = await wakeLatency([a.url, a.url], 0);
    const cross = await wakeLatency([a.url, b.url], same.after);
    const show = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;
    const [p50, p99] = [percentile(cross.fromAck, 50), percentile(cross.fromAck, 99)];
    console.log(
      `cross-gateway wake, 200 rounds: from the send's start ${show(cross.fromSend)}; same gateway from the send's start ${show(same.fromSend)}`,
    );
    reportBench({
      figure: "PostgreSQL cross-gateway wake after B acknowledges the send, p50 / p99",
      value: `${p50.toFixed(1)} / ${p99.toFixed(1)} ms`,
      baseline: `same gateway from the send's start ${percentile(same.fromSend, 50).toFixed(1)} ms p50`,
      ratio: percentile(cross.fromSend, 50) / percentile(same.fromSend, 50),
      target: "< 10 / < 50 ms",
      met: p50 < 10 && p99 < 50,
    });

    const transactions = async () => {
      const { rows } = await admin.query<{ n: string }>(
        "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1",
        [name],
      );
      return Number(rows[0]!.n);
    };
    const rate = async (seconds: number) => {
      // pg_stat_database is updated when backends report, at most every second or so.
      await sleep(1500);
      const before = await transactions();
      await sleep(seconds * 1000);
      await sleep(1500);
      return ((await transactions()) - before) / seconds;
    };
    const idle = await rate(5);
    const waiters = Array.from({ length: 1000 }, (_, index) =>
      get(`${a.url}/messages?to=idle-${index % 10}&wait=30`).catch(() => ""),
    );
    await waitersOpen(a.url, 1000);
    const busy = await rate(5);
    reportBench({
      figure: "PostgreSQL transactions/s with 1,000 idle waiters (polling made ~5,000/s)",
      value: busy.toFixed(1),
      baseline: `idle gateway ${idle.toFixed(1)}`,
      target: "< idle + 5",
      met: busy - idle < 5,
    });
    await a.close();
    await Promise.all(waiters);
  } finally {
    await a.close();
    await b.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function guardCost(dir: string) {
  const modes = ["off", "tokens", "refuse"] as const;
  const servers = new Map<string, { child: ChildProcess; url: string }>();
  for (const mode of modes) {
    const database = join(dir, `guard-${mode}.db`);
    const storage = await openStorage(database);
    for (const peer of ["guard-a", "guard-b"]) {
      await storage.registerPeer({
        name: peer,
        url: null,
        capabilities: {},
        extra: {},
        at: new Date().toISOString(),
      });
    }
    await storage.close();
    servers.set(mode, await spawnGateway(["--database", database, "--content-guard", mode]));
  }
  const totals = new Map(modes.map((mode) => [mode, { requests: 0, seconds: 0, cpu: 0 }]));
  // Rounds alternate between the servers so that load from elsewhere hits them alike.
  for (let round = 0; round <= GUARD_ROUNDS; round++) {
    for (const mode of modes) {
      const server = servers.get(mode)!;
      const options = {
        url: `${server.url}/messages`,
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({
          from_node: "guard-a",
          to_node: "guard-b",
          kind: "status",
          content: "build 4711 finished, 0 failures; artifacts uploaded. ".repeat(4),
        }),
        connections: 16,
        duration: round === 0 ? 2 : GUARD_ROUND_S,
      };
      const cpuBefore = cpuMs(server.child.pid!);
      const result = await autocannon(options);
      if (round === 0) continue;
      const total = totals.get(mode)!;
      total.requests += result.requests.total;
      total.seconds += options.duration;
      total.cpu += cpuMs(server.child.pid!) - cpuBefore;
    }
  }
  for (const server of servers.values()) await stop(server.child);
  const figure = (mode: (typeof modes)[number]) => {
    const total = totals.get(mode)!;
    return { rps: total.requests / total.seconds, cpuUs: (total.cpu * 1000) / total.requests };
  };
  const [off, tokens, refuse] = modes.map(figure) as [
    ReturnType<typeof figure>,
    ReturnType<typeof figure>,
    ReturnType<typeof figure>,
  ];
  const ratio = tokens.rps / off.rps;
  console.log(
    `server guard, ${GUARD_ROUNDS} alternating rounds of ${GUARD_ROUND_S} s after a warm-up round: CPU per send off ${off.cpuUs.toFixed(0)} µs, tokens ${tokens.cpuUs.toFixed(0)} µs (ratio ${(off.cpuUs / tokens.cpuUs).toFixed(3)}); refuse ${refuse.rps.toFixed(0)} sends/s, ${refuse.cpuUs.toFixed(0)} µs (ratio ${(refuse.rps / off.rps).toFixed(3)}, informative)`,
  );
  reportBench({
    figure: "sends/s with the server guard 'tokens' (the default)",
    value: `${tokens.rps.toFixed(0)}/s`,
    baseline: `guard off ${off.rps.toFixed(0)}/s`,
    ratio,
    target: ">= 0.95x",
    met: ratio >= 0.95,
  });
}

// Scenario names given as arguments run only those (all by default).
const chosen = process.argv.slice(2);
const runs = (name: string) => chosen.length === 0 || chosen.includes(name);
const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-abuse-"));
try {
  if (runs("stalled")) await stalledBodies(dir);
  if (runs("early")) await earlyReplies();
  if (runs("postgres")) await postgresScenarios();
  if (runs("guard")) await guardCost(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
