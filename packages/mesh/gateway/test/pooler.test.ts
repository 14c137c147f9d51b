import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MeshValidationError } from "@mesh/errors";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  type GatewayStorage,
  openStorage,
  type RunningGateway,
  StorageError,
  startGateway,
} from "../src/index.js";
import { createPostgresPoller } from "../src/postgres-poller.js";
import { isDirectConnection } from "../src/postgres-pool.js";
import { POOLED_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register, send } from "./helpers.js";

const BIN = fileURLToPath(new URL("../bin/mesh-gateway.js", import.meta.url));
const [POLLED] = POOLED_BACKENDS;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `mesh-gateway serve --json` until its start-up event, then stops it. */
function serveOnce(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--json", ...args], {
    env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ event: Record<string, unknown>; stderr: string }>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) child.kill("SIGTERM");
    });
    child.once("exit", () => {
      try {
        resolve({ event: JSON.parse(stdout.split("\n")[0]!), stderr });
      } catch {
        reject(new Error(`serve printed no start-up event: ${stderr}`));
      }
    });
  });
}

POLLED!.describe("a gateway behind PgBouncer in transaction mode", () => {
  const backend = POLLED!.backend;
  let db: Awaited<ReturnType<typeof backend.create>>;
  const gateways: RunningGateway[] = [];
  beforeAll(async () => {
    db = await backend.create();
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await db?.cleanup();
  });
  const started = async (listenDatabase?: string) => {
    const gateway = await startGateway({
      port: 0,
      database: db.database,
      listenDatabase,
      adminToken: ADMIN_TOKEN,
      logger: false,
      rateLimitPerMinute: 0,
    });
    gateways.push(gateway);
    return gateway;
  };

  it("tells a direct connection from one through the pooler", async () => {
    const direct = directUrl(db.database);
    for (const [url, expected] of [
      [direct, true],
      [db.database, false],
    ] as const) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        expect(await isDirectConnection(client)).toBe(expected);
      } finally {
        await client.end();
      }
    }
  });

  it("answers 20 concurrent clients' sends and inbox reads without a 5xx (no named statement meets another connection)", async () => {
    const gateway = await started();
    expect(gateway.wakeups).toBe("poll");
    for (const name of ["pb-alice", "pb-bob"]) await register(gateway, name);
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        for (let index = 0; index < 15; index++) {
          const sent = await send(gateway, { from_node: "pb-alice", to_node: "pb-bob" });
          const read = await call(gateway, "GET", `/messages?to=pb-bob&limit=${client + 1}`);
          statuses.push(sent.status, read.status);
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
  });

  it("says in /metrics what wakes its waiters: the poll, or LISTEN on the direct URL", async () => {
    const polled = await call(await started(), "GET", "/metrics");
    expect(polled.text).toContain('mesh_gateway_wakeup_source{source="poll"} 1');
    const listening = await call(await started(directUrl(db.database)), "GET", "/metrics");
    expect(listening.text).toContain('mesh_gateway_wakeup_source{source="listen"} 1');
  });

  it("refuses a listen database that is the pooler, another database, unreachable or beside SQLite, naming the fix", async () => {
    await expect(started(db.database)).rejects.toSatisfy(
      (error) =>
        StorageError.isInstance(error) &&
        error.code === "invalid_listen_database" &&
        /pooler/.test(error.message),
    );
    const other = directUrl(db.database).replace(/\/[^/]+$/, "/test");
    await expect(started(other)).rejects.toSatisfy(
      (error) =>
        StorageError.isInstance(error) &&
        error.code === "invalid_listen_database" &&
        /same database/.test(error.message),
    );
    await expect(started("postgres://postgres@127.0.0.1:1/nowhere")).rejects.toSatisfy(
      (error) =>
        StorageError.isInstance(error) &&
        error.code === "invalid_listen_database" &&
        /cannot open the listen database/.test(error.message),
    );
    await expect(
      startGateway({ port: 0, database: ":memory:", listenDatabase: db.database, logger: false }),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof MeshValidationError &&
        error.code === "invalid_listen_database" &&
        /only applies to a PostgreSQL database/.test(error.message),
    );
  });

  it("polls once per interval for all of its waiters, whatever their number", async () => {
    const pool = new pg.Pool({ connectionString: db.database, max: 2 });
    const queries = vi.spyOn(pool, "query");
    const poller = createPostgresPoller(pool, 100);
    const stops = Array.from({ length: 50 }, () => poller.subscribe(() => {}));
    try {
      await wait(1000);
      // The first query reads the cursor; then one per 100 ms at most (at least one more even
      // on a loaded machine: the poll goes on).
      expect(queries.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(queries.mock.calls.length).toBeLessThanOrEqual(11);
    } finally {
      for (const stop of stops) stop();
      await poller.close();
      await pool.end();
    }
  });

  it("wakes everyone once when more messages arrived than one poll reads, then follows the new ones", async () => {
    const storage: GatewayStorage = await openStorage(db.database);
    const pool = new pg.Pool({ connectionString: db.database, max: 2 });
    const poller = createPostgresPoller(pool, 50);
    const heard: Array<string | undefined> = [];
    const stop = poller.subscribe((payload) => heard.push(payload));
    try {
      await storage.registerPeer({
        name: "pb-flood",
        url: null,
        capabilities: {},
        extra: {},
        at: new Date().toISOString(),
      });
      await expect.poll(() => heard).toEqual([undefined]);
      const at = new Date().toISOString();
      await storage.importMessages(
        Array.from({ length: 1001 }, () => ({
          fromNode: "pb-flood",
          toNode: "pb-flood",
          kind: "fyi" as const,
          content: "flood",
          relatedTaskId: null,
          threadId: null,
          createdAt: at,
          readAt: null,
        })),
      );
      await expect.poll(() => heard).toEqual([undefined, undefined]);
      await storage.insertMessage({
        fromNode: "pb-flood",
        toNode: "pb-flood",
        kind: "fyi",
        content: "after",
        relatedTaskId: null,
        threadId: null,
      });
      await expect.poll(() => heard).toEqual([undefined, undefined, "pb-flood"]);
    } finally {
      stop();
      await poller.close();
      await pool.end();
      await storage.close();
    }
  });

  it("announces the poll in the serve banner and start-up event, and LISTEN with a direct URL", async () => {
    const polled = await serveOnce(["--database", db.database], {});
    expect(polled.event).toMatchObject({ event: "listening", wakeups: "poll" });
    expect(polled.stderr).toMatch(/wake-ups: polling every 250 ms/);
    const listening = await serveOnce(["--database", db.database], {
      MESH_GATEWAY_LISTEN_DATABASE: directUrl(db.database),
    });
    expect(listening.event).toMatchObject({ wakeups: "listen" });
    expect(listening.stderr).not.toContain("wake-ups");
  }, 60_000);
});

/** The direct URL of a pooled test database: same name, PostgreSQL's own port. */
function directUrl(pooled: string): string {
  const url = new URL(pooled);
  url.port = "5432";
  return url.toString();
}
