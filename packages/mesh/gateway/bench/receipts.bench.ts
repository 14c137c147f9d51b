// Receipts: the send rate with receipts kept (the answer trigger, the receipt announcements and
// the undelivered and reply_by indexes) as a ratio to the same sends on a database without them,
// over HTTP as a client sees it (the target) and through the storage alone, and the time from the request that changes a message's state to its receipt on the sender's
// stream (SQLite: one gateway; PostgreSQL: the change on one gateway, the stream on another).
// Run: pnpm --filter @mesh/gateway bench (after building). Stops by itself (about a minute).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { reportBench } from "@repo/bench";
import pg from "pg";
import { openStorage, type RunningGateway, startGateway } from "../dist/index.js";
import { httpSendRate } from "./http-send-rate.ts";
import { registerPeers, storageSendRate } from "./storage-send-rate.ts";

const SENDS = 20_000;
const SEND_CONCURRENCY = 64;
const PEERS = 100;
/** State changes timed per back end. */
const RECEIPTS = 300;
const TOKEN = "bench-admin-token-0123456789";
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";

/** What a database without receipts lacks (the columns stay: unused, they cost nothing). */
const WITHOUT_SQLITE = [
  "DROP TRIGGER messages_answers",
  "DROP INDEX messages_undelivered",
  "DROP INDEX messages_reply_by",
];
const WITHOUT_POSTGRES = [
  "DROP TRIGGER messages_answers ON messages",
  "DROP TRIGGER messages_receipts ON messages",
  "DROP INDEX messages_undelivered",
  "DROP INDEX messages_reply_by",
];

/** The send mixes measured: plain messages only, or questions each answered. */
type Mix = "fyi" | "question, answer, fyi";

const MIXES: readonly Mix[] = ["fyi", "question, answer, fyi"];

/** Send `index` of the mix: a question, its answer, then a plain message, thread by thread. */
function sendOf(index: number, mix: Mix) {
  const a = `peer-${index % PEERS}`;
  const b = `peer-${(index + 1) % PEERS}`;
  const threadId = `receipt-thread-${Math.floor(index / 3)}`;
  const content = `receipt bench message ${index}`;
  if (mix === "fyi")
    return { fromNode: a, toNode: b, kind: "fyi" as const, threadId: null, content };
  if (index % 3 === 0) return { fromNode: a, toNode: b, kind: "question" as const, threadId };
  if (index % 3 === 1) return { fromNode: b, toNode: a, kind: "answer" as const, threadId };
  return { fromNode: a, toNode: b, kind: "fyi" as const, threadId: null, content };
}

/** How a send rate is taken: over HTTP as a client sees it, or through the storage alone. */
interface RateOf {
  name: string;
  rate: (database: string, mix: Mix) => Promise<number>;
}

/** Sends/s of `SENDS` sends, `SEND_CONCURRENCY` at a time, through the storage. */
const THROUGH_STORAGE: RateOf = {
  name: "through the storage",
  async rate(database, mix) {
    await registerPeers(database, PEERS);
    return storageSendRate(
      database,
      (index) => ({
        content: `receipt bench message ${index}`,
        relatedTaskId: null,
        ...sendOf(index, mix),
      }),
      { sends: SENDS, concurrency: SEND_CONCURRENCY },
    );
  },
};

/** Sends/s of POST /messages to a gateway process (see `httpSendRate`). */
const OVER_HTTP: RateOf = {
  name: "over HTTP",
  async rate(database, mix) {
    await registerPeers(database, PEERS);
    return httpSendRate(database, (index) => {
      const send = sendOf(index, mix);
      return {
        from_node: send.fromNode,
        to_node: send.toNode,
        kind: send.kind,
        content: send.content ?? `receipt bench message ${index}`,
        thread_id: send.threadId,
      };
    });
  },
};

/** A fresh database (receipts dropped for `without`), its URL or path, and its removal. */
type Fresh = (without: boolean) => Promise<{ database: string; drop: () => Promise<void> }>;

const freshSqlite: Fresh = async (without) => {
  const dir = mkdtempSync(join(tmpdir(), "mesh-receipts-bench-"));
  const database = join(dir, "gateway.db");
  await (await openStorage(database)).close();
  if (without) {
    const db = new DatabaseSync(database);
    for (const statement of WITHOUT_SQLITE) db.exec(statement);
    db.close();
  }
  return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
};

const freshPostgres: Fresh = async (without) => {
  const schema = `mesh_receipts_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  await (await openStorage(database)).close();
  if (without) {
    await admin.query(`SET search_path = ${schema}`);
    for (const statement of WITHOUT_POSTGRES) await admin.query(statement);
  }
  return {
    database,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
};

/**
 * The best of three runs each, alternated after a discarded warm-up run (connections, plans,
 * JIT), so drift on a shared machine hits both alike.
 */
async function sendRatio(label: string, fresh: Fresh, mix: Mix, how: RateOf): Promise<void> {
  const best = { with: 0, without: 0 };
  const warmUp = await fresh(false);
  await how.rate(warmUp.database, mix).finally(() => warmUp.drop());
  for (const without of [true, false, true, false, true, false]) {
    const db = await fresh(without);
    try {
      const rate = await how.rate(db.database, mix);
      const key = without ? "without" : "with";
      best[key] = Math.max(best[key], rate);
    } finally {
      await db.drop();
    }
  }
  const ratio = best.with / best.without;
  reportBench({
    figure: `${label} sends/s with receipts (${mix}), ${how.name}`,
    value: `${Math.round(best.with).toLocaleString("en-US")}/s`,
    baseline: `without receipts ${Math.round(best.without).toLocaleString("en-US")}/s`,
    ratio,
    // The target is the send rate a client sees; the storage's own rate shows the share of
    // the storage work alone.
    ...(how === OVER_HTTP ? { target: ">= 0.90x", met: ratio >= 0.9 } : {}),
  });
}

/** A JSON request with the admin token. */
function request(gateway: RunningGateway, method: string, path: string, body?: unknown) {
  return fetch(`${gateway.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then((response) => response.json() as Promise<Record<string, unknown>>);
}

/** The sender's stream: calls `onReceipt` with each receipt's message id, as it arrives. */
function receiptStream(gateway: RunningGateway, onReceipt: (id: number) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const opened = http.get(
      `${gateway.url}/messages/stream?from=rb-asker`,
      { headers: { authorization: `Bearer ${TOKEN}` } },
      (response) => {
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          for (let cut = buffer.indexOf("\n\n"); cut !== -1; cut = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (block.startsWith("event: receipt") && data !== undefined) {
              onReceipt((JSON.parse(data) as { message_id: number }).message_id);
            }
          }
        });
        resolve(opened);
      },
    );
    opened.on("error", reject);
  });
}

/** p99 in ms from `POST /messages/{id}/read` on `changer` to the read receipt on `watcher`. */
async function receiptLatency(
  label: string,
  changer: RunningGateway,
  watcher: RunningGateway,
): Promise<void> {
  for (const name of ["rb-asker", "rb-helper"])
    await request(changer, "POST", "/peers/register", { name });
  const waiting = new Map<number, () => void>();
  const stream = await receiptStream(watcher, (id) => waiting.get(id)?.());
  const times: number[] = [];
  try {
    for (let index = 0; index < RECEIPTS; index++) {
      const sent = await request(changer, "POST", "/messages", {
        from_node: "rb-asker",
        to_node: "rb-helper",
        kind: "fyi",
        content: `timed ${index}`,
      });
      const id = sent["id"] as number;
      const arrived = new Promise<void>((resolve) => waiting.set(id, resolve));
      const started = performance.now();
      await request(changer, "POST", `/messages/${id}/read`);
      await arrived;
      times.push(performance.now() - started);
      waiting.delete(id);
    }
  } finally {
    stream.destroy();
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.floor(times.length * 0.99)]!;
  reportBench({
    figure: `${label} receipt delivery p99 (state change to the sender's stream)`,
    value: `${p99.toFixed(1)} ms`,
    baseline: `p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms`,
    target: "< 50 ms",
    met: p99 < 50,
  });
}

const start = (database: string) =>
  startGateway({ port: 0, database, adminToken: TOKEN, logger: false, ui: false });

async function sqlite(): Promise<void> {
  for (const mix of MIXES) {
    await sendRatio("SQLite", freshSqlite, mix, OVER_HTTP);
    await sendRatio("SQLite", freshSqlite, mix, THROUGH_STORAGE);
  }
  const db = await freshSqlite(false);
  const gateway = await start(db.database);
  try {
    await receiptLatency("SQLite", gateway, gateway);
  } finally {
    await gateway.close();
    await db.drop();
  }
}

async function postgres(): Promise<void> {
  for (const mix of MIXES) {
    await sendRatio("PostgreSQL", freshPostgres, mix, OVER_HTTP);
    await sendRatio("PostgreSQL", freshPostgres, mix, THROUGH_STORAGE);
  }
  const db = await freshPostgres(false);
  const [changer, watcher] = [await start(db.database), await start(db.database)];
  try {
    await receiptLatency("PostgreSQL (two gateways)", changer, watcher);
  } finally {
    await Promise.all([changer.close(), watcher.close()]);
    await db.drop();
  }
}

console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}`,
);
// `node bench/receipts.bench.ts sqlite` (or `postgres`) runs one back end only.
const only = process.argv[2];
if (only === undefined || only === "sqlite") await sqlite();
if (only === undefined || only === "postgres") await postgres();
