// The attack scenarios of an open network, round two, re-run against a gateway in a child
// process: resident memory (peak) and `GET /health` p99 during each, and the stream slots left
// after 10,000 aborted opens. Run: `node bench/attacks.bench.ts` after building, or name some
// scenarios: pipeline, slots, replies, bodies. Each stops by itself within a minute.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reportBench } from "@repo/bench";
import pg from "pg";
import { issuePeerToken, openStorage } from "../dist/index.js";
import { rssMb, stopChild, whenListening } from "./child-gateway.ts";

const TOKEN = "bench-admin-token-0123456789";
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function spawnGateway(database: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [CLI, "serve", "--port", "0", "--quiet", "--database", database, "--rate-limit", "0"],
    { env: { ...process.env, MESH_GATEWAY_TOKEN: TOKEN }, stdio: ["ignore", "ignore", "pipe"] },
  );
  return whenListening(child);
}

function get(url: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { agent, headers: { authorization: `Bearer ${TOKEN}` } }, (reply) => {
        let text = "";
        reply.setEncoding("utf8");
        reply.on("data", (chunk: string) => {
          text += chunk;
        });
        reply.on("end", () => resolve({ status: reply.statusCode ?? 0, text }));
      })
      .on("error", reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Samples peak RSS and `/health` latency until `stop` is called. */
function watch(url: string, pid: number) {
  let peak = rssMb(pid);
  let running = true;
  const latencies: number[] = [];
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await get(url, "/health").catch(() => undefined);
      latencies.push(performance.now() - started);
      await sleep(20);
    }
  })();
  return async () => {
    running = false;
    clearInterval(sampler);
    await probe;
    return { peak: Math.max(peak, rssMb(pid)), p99: percentile(latencies, 99) };
  };
}

function report(scenario: string, figures: { peak: number; p99: number }): void {
  reportBench({
    figure: `${scenario}: gateway RSS, peak`,
    value: `${figures.peak.toFixed(0)} MB`,
    target: "< 300 MB",
    met: figures.peak < 300,
  });
  reportBench({
    figure: `${scenario}: GET /health p99 meanwhile`,
    value: `${figures.p99.toFixed(1)} ms`,
    target: "< 50 ms",
    met: figures.p99 < 50,
  });
}

/** 300 connections each pipelining 2,000 GETs of a public `path` and never reading, for 12 s. */
async function pipeline(dir: string, path: string) {
  const gateway = await spawnGateway(join(dir, `pipeline-${path.slice(1)}.db`));
  const { port } = new URL(gateway.url);
  await sleep(300);
  const stop = watch(gateway.url, gateway.child.pid!);
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`.repeat(2000));
  const sockets = Array.from({ length: 300 }, () => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
    socket.pause();
    socket.on("error", () => {});
    return socket;
  });
  await sleep(12_000);
  const figures = await stop();
  for (const socket of sockets) socket.destroy();
  await stopChild(gateway.child, "SIGKILL");
  report(`300 connections pipelining 2,000 GET ${path}, never reading`, figures);
}

/** Opens a stream and drops the connection right after the request, or after `afterMs`. */
function abortedOpen(port: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `GET /messages/stream HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
      );
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

async function metric(url: string, name: string): Promise<number> {
  const { text } = await get(url, "/metrics");
  return Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${name} `))
      ?.split(" ")[1],
  );
}

/** 10,000 stream opens dropped during setup, in waves of 500, on SQLite and PostgreSQL. */
async function slots(dir: string) {
  const pgName = `mesh_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pgName}`);
  try {
    for (const [backend, database] of [
      ["SQLite", join(dir, "slots.db")],
      ["PostgreSQL", PG_URL.replace(/\/test$/, `/${pgName}`)],
    ] as const) {
      const gateway = await spawnGateway(database);
      const { port } = new URL(gateway.url);
      await sleep(300);
      const stop = watch(gateway.url, gateway.child.pid!);
      const started = performance.now();
      for (let wave = 0; wave < 20; wave++) {
        await Promise.all(Array.from({ length: 500 }, (_, index) => abortedOpen(port, index % 5)));
      }
      const seconds = (performance.now() - started) / 1000;
      const figures = await stop();
      await sleep(2000);
      const left = await metric(gateway.url, "mesh_gateway_stream_slots");
      await stopChild(gateway.child, "SIGKILL");
      console.log(`${backend}: 10,000 aborted stream opens in ${seconds.toFixed(1)} s`);
      reportBench({
        figure: `${backend}: stream slots 2 s after 10,000 aborted opens`,
        value: String(left),
        target: "0",
        met: left === 0,
      });
      report(`${backend}: 10,000 aborted stream opens`, figures);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * 1,000 messages of 64 KiB control characters (~6x as JSON) in one inbox, then eight
 * `limit=1000` reads at once and 16 streams from the start whose readers never read.
 */
async function replies(dir: string) {
  const database = join(dir, "replies.db");
  const storage = await openStorage(database);
  await storage.registerPeer({
    name: "victim",
    url: null,
    capabilities: {},
    extra: {},
    at: new Date().toISOString(),
  });
  const content = "\u0001".repeat(64 * 1024);
  for (let batch = 0; batch < 10; batch++) {
    await storage.importMessages(
      Array.from({ length: 100 }, () => ({
        fromNode: "victim",
        toNode: "victim",
        kind: "fyi" as const,
        content,
        relatedTaskId: null,
        threadId: null,
        createdAt: new Date().toISOString(),
        readAt: null,
      })),
    );
  }
  await storage.close();
  const gateway = await spawnGateway(database);
  const { port } = new URL(gateway.url);
  await sleep(300);
  const stop = watch(gateway.url, gateway.child.pid!);
  const readers = Array.from({ length: 16 }, () => {
    const socket = net.connect(Number(port), "127.0.0.1", () =>
      socket.write(
        `GET /messages/stream?to=victim&after_id=0 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
      ),
    );
    socket.pause();
    socket.on("error", () => {});
    return socket;
  });
  const pages = await Promise.all(
    Array.from({ length: 8 }, () => get(gateway.url, "/messages?to=victim&limit=1000")),
  );
  await sleep(5000);
  const figures = await stop();
  for (const socket of readers) socket.destroy();
  await stopChild(gateway.child, "SIGKILL");
  const largest = Math.max(...pages.map((page) => Buffer.byteLength(page.text)));
  console.log(`largest limit=1000 page: ${(largest / 1024 / 1024).toFixed(1)} MiB`);
  report("8 limit=1000 reads of 64 KiB control-character messages + 16 stalled streams", figures);
}

/** 10 sends per second for 10 s, each a 1 MiB body with a 500,000-element ignored array. */
async function bodies(dir: string) {
  const database = join(dir, "bodies.db");
  const storage = await openStorage(database);
  await storage.registerPeer({
    name: "sender",
    url: null,
    capabilities: {},
    extra: {},
    at: new Date().toISOString(),
  });
  const token = await issuePeerToken(storage, "sender");
  await storage.close();
  const gateway = await spawnGateway(database);
  await sleep(300);
  const body = `{"from_node":"sender","to_node":"sender","kind":"fyi","content":"hi","extra":[${"0,".repeat(499_999)}0]}`;
  const sendOnce = () =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const request = http.request(
        `${gateway.url}/messages`,
        {
          method: "POST",
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (reply) => {
          reply.resume();
          reply.on("end", () => resolve(performance.now() - started));
        },
      );
      request.on("error", () => resolve(Number.NaN));
      request.end(body);
    });
  const stop = watch(gateway.url, gateway.child.pid!);
  const sends: Promise<number>[] = [];
  for (let index = 0; index < 100; index++) {
    sends.push(sendOnce());
    await sleep(100);
  }
  const times = await Promise.all(sends);
  const figures = await stop();
  await stopChild(gateway.child, "SIGKILL");
  reportBench({
    figure: "a 1 MiB send with a 500,000-element extra array, median",
    value: `${percentile(times, 50).toFixed(1)} ms`,
  });
  report("10 such sends per second for 10 s", figures);
}

const chosen = process.argv.slice(2);
const runs = (name: string) => chosen.length === 0 || chosen.includes(name);
const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-attacks-"));
try {
  if (runs("pipeline")) {
    await pipeline(dir, "/openapi.json");
    await pipeline(dir, "/health");
  }
  if (runs("slots")) await slots(dir);
  if (runs("replies")) await replies(dir);
  if (runs("bodies")) await bodies(dir);
} finally {
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}
