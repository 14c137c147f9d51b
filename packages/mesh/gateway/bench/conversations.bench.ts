// Conversations at scale: GET /messages?q= and GET /threads latency with 1 M stored messages,
// on SQLite and on PostgreSQL, and the send rate with the search index and thread tables kept
// in step, as a ratio to the same sends without them (and each one's share on its own), over
// HTTP as a client sees it (the target) and through the storage alone.
// Seeding is one bulk statement per back end with the triggers off, then the index and thread
// tables rebuilt as the migration builds them.
// Run: pnpm --filter @mesh/gateway bench (after building). Stops by itself (a few minutes).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { reportBench } from "@repo/bench";
import pg from "pg";
import { type RunningGateway, startGateway } from "../dist/index.js";
import { httpSendRate } from "./http-send-rate.ts";
import { registerPeers, storageSendRate } from "./storage-send-rate.ts";

const MESSAGES = 1_000_000;
const PEERS = 100;
/** Messages per thread. */
const THREAD_SIZE = 10;
const REQUESTS = 300;
const SENDS = 20_000;
const SEND_CONCURRENCY = 64;
const TOKEN = "bench-admin-token-0123456789";
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";

/** Content of message `i` in SQL: a common word, a per-topic word and a rarer one. */
const contentSql = (i: string) =>
  `'status update on deploy ' || 'topic' || (${i} % 997) || ' build ' || 'rare' || (${i} % 50021)`;
const threadSql = (i: string) => `'thread-' || (${i} / ${THREAD_SIZE})`;
const fromSql = (i: string) => `'peer-' || (${i} % ${PEERS})`;
const toSql = (i: string) => `'peer-' || ((${i} / 7 + 1) % ${PEERS})`;

const THREAD_TABLES = `
  DELETE FROM threads; DELETE FROM thread_peers;
  INSERT INTO threads (thread_id, last_id)
    SELECT thread_id, max(id) FROM messages WHERE thread_id IS NOT NULL GROUP BY thread_id;
  INSERT INTO thread_peers (peer, thread_id, last_id)
    SELECT peer, thread_id, max(id) FROM (
      SELECT from_node AS peer, thread_id, id FROM messages WHERE thread_id IS NOT NULL
      UNION ALL SELECT to_node, thread_id, id FROM messages WHERE thread_id IS NOT NULL
    ) AS sides GROUP BY peer, thread_id;`;

function seedSqlite(file: string): void {
  const db = new DatabaseSync(file);
  db.exec("BEGIN");
  db.exec("DROP TRIGGER messages_threads");
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${MESSAGES - 1})
    INSERT INTO messages (from_node, to_node, kind, content, thread_id, created_at)
    SELECT ${fromSql("i")}, ${toSql("i")}, 'fyi', ${contentSql("i")}, ${threadSql("i")},
      strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i / 1000, 'unixepoch') FROM n`);
  db.exec("INSERT INTO messages_fts (messages_fts) VALUES ('rebuild')");
  db.exec(THREAD_TABLES);
  db.exec("COMMIT");
  db.close();
}

/** A stand-in for the SQLite search index: its batch INSERT … SELECT runs and stores nothing. */
const NO_SEARCH_INDEX = `
  DROP TABLE messages_fts;
  CREATE VIEW messages_fts (rowid, content) AS SELECT NULL, NULL WHERE 0;
  CREATE TRIGGER messages_fts_off INSTEAD OF INSERT ON messages_fts BEGIN SELECT 1; END;`;

async function execSqlite(file: string, sql: string): Promise<void> {
  const db = new DatabaseSync(file);
  db.exec(sql);
  db.close();
}

async function seedPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("BEGIN");
  await client.query("ALTER TABLE messages DISABLE TRIGGER USER");
  await client.query(`INSERT INTO messages (id, from_node, to_node, kind, content, thread_id, created_at)
    SELECT i + 1, ${fromSql("i")}, ${toSql("i")}, 'fyi', ${contentSql("i")}, ${threadSql("i")},
      timestamptz '2026-01-01' + (i || ' ms')::interval FROM generate_series(0, ${MESSAGES - 1}) AS i`);
  await client.query(`SELECT setval('messages_id_seq', ${MESSAGES + 1}, false)`);
  await client.query(THREAD_TABLES);
  await client.query("ALTER TABLE messages ENABLE TRIGGER USER");
  await client.query("COMMIT");
  // VACUUM too: otherwise autovacuum catches up with the million new rows (and merges the GIN
  // pending list) while the figures below are measured.
  await client.query("VACUUM (ANALYZE) messages");
  await client.end();
}

/** One GET, resolved with its latency in ms. */
function timedGet(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${TOKEN}` } }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      })
      .on("error", reject);
  });
}

/** p99 in ms of `REQUESTS` sequential requests, cycling through `paths` (after a warm-up). */
async function p99(gateway: RunningGateway, paths: readonly string[]): Promise<number> {
  for (const path of paths) await timedGet(`${gateway.url}${path}`);
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    times.push(await timedGet(`${gateway.url}${paths[index % paths.length]}`));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.99)]!;
}

const SEARCHES = [
  "/messages?q=rare123",
  "/messages?q=topic45%20build",
  "/messages?q=deploy&limit=100",
  "/messages?q=rare4&to=peer-3",
  "/messages?q=deploy%20topic45",
  "/messages?q=topic7&thread=thread-7",
];
const THREADS = ["/threads", "/threads?peer=peer-7", "/threads?peer=peer-42&limit=200"];

async function latencies(label: string, database: string): Promise<void> {
  const gateway = await startGateway({
    port: 0,
    database,
    adminToken: TOKEN,
    logger: false,
    rateLimitPerMinute: 0,
  });
  try {
    const search = await p99(gateway, SEARCHES);
    reportBench({
      figure: `${label} GET /messages?q= p99 (1M stored)`,
      value: `${search.toFixed(1)} ms`,
      target: "< 50 ms",
      met: search < 50,
    });
    const threads = await p99(gateway, THREADS);
    reportBench({
      figure: `${label} GET /threads p99 (1M stored)`,
      value: `${threads.toFixed(1)} ms`,
      target: "< 50 ms",
      met: threads < 50,
    });
  } finally {
    await gateway.close();
  }
}

/** The send rates of one configuration: over HTTP as a client sees it, and through the storage. */
interface Rates {
  http: number;
  storage: number;
}

async function sendRates(database: string): Promise<Rates> {
  const http = await httpSendRate(database, (index) => ({
    from_node: `peer-${index % PEERS}`,
    to_node: `peer-${(index + 1) % PEERS}`,
    kind: "fyi",
    content: `http send message ${index} about the deploy of topic${index % 997}`,
    thread_id: `http-send-thread-${index % 1000}`,
  }));
  const storage = await storageSendRate(
    database,
    (index) => ({
      fromNode: `peer-${index % PEERS}`,
      toNode: `peer-${(index + 1) % PEERS}`,
      kind: "fyi",
      content: `send rate message ${index} about the deploy of topic${index % 997}`,
      relatedTaskId: null,
      threadId: `send-thread-${index % 1000}`,
    }),
    { sends: SENDS, concurrency: SEND_CONCURRENCY },
  );
  return { http, storage };
}

const perSecond = (rate: number) => `${Math.round(rate).toLocaleString("en-US")}/s`;

/**
 * The target figure is the search index's share over HTTP: sends with it against the same sends
 * without it (thread tables on in both). Then, from the same run, what the conversations cost a
 * send in all (search index and thread tables against neither) and the thread tables' own
 * share; then the same through the storage alone, where the storage's share is all there is.
 */
function reportSendRatio(label: string, withAll: Rates, threadsOnly: Rates, without: Rates) {
  for (const how of ["http", "storage"] as const) {
    const name = how === "http" ? "over HTTP" : "through the storage";
    const search = withAll[how] / threadsOnly[how];
    reportBench({
      figure: `${label} sends/s with the search index, ${name}`,
      value: perSecond(withAll[how]),
      baseline: `without it ${perSecond(threadsOnly[how])}`,
      ratio: search,
      ...(how === "http" ? { target: ">= 0.90x", met: search >= 0.9 } : {}),
    });
    reportBench({
      figure: `${label} sends/s with the search index and thread tables, ${name}`,
      value: perSecond(withAll[how]),
      baseline: `without either ${perSecond(without[how])}`,
      ratio: withAll[how] / without[how],
    });
    reportBench({
      figure: `${label} sends/s, the thread tables' share, ${name}`,
      value: perSecond(threadsOnly[how]),
      baseline: `neither ${perSecond(without[how])}`,
      ratio: threadsOnly[how] / without[how],
    });
  }
}

async function sqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "mesh-conv-bench-"));
  try {
    const file = join(dir, "gateway.db");
    await registerPeers(file, PEERS);
    const db = new DatabaseSync(file);
    const trigger = (
      db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'messages_threads'").get() as {
        sql: string;
      }
    ).sql;
    db.close();
    const started = performance.now();
    seedSqlite(file);
    await execSqlite(file, trigger);
    console.log(
      `sqlite: seeded ${MESSAGES} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await latencies("SQLite", file);
    const withAll = await sendRates(file);
    // The storage writes the search index per batch: a view that takes the rows and keeps
    // nothing stands in for it, then the thread tables' trigger goes too.
    await execSqlite(file, NO_SEARCH_INDEX);
    const withThreads = await sendRates(file);
    await execSqlite(file, "DROP TRIGGER messages_threads");
    const without = await sendRates(file);
    reportSendRatio("SQLite", withAll, withThreads, without);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<void> {
  const schema = `mesh_conv_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  try {
    await registerPeers(url, PEERS);
    const started = performance.now();
    await seedPostgres(url);
    console.log(
      `postgres: seeded ${MESSAGES} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await latencies("PostgreSQL", url);
    const withAll = await sendRates(url);
    await admin.query(`SET search_path = ${schema}`);
    await admin.query("DROP INDEX messages_search");
    await admin.query("ALTER TABLE messages DROP COLUMN search");
    const withThreads = await sendRates(url);
    await admin.query("DROP TRIGGER messages_threads ON messages");
    const without = await sendRates(url);
    reportSendRatio("PostgreSQL", withAll, withThreads, without);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

// `node bench/conversations.bench.ts sqlite` (or `postgres`) runs one back end only.
const only = process.argv[2];
if (only === undefined || only === "sqlite") await sqlite();
if (only === undefined || only === "postgres") await postgres();
