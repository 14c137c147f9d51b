import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type GatewayLogEntry, type RunningGateway, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, tempDir } from "./helpers.js";

const BIN = fileURLToPath(new URL("../bin/mesh-gateway.js", import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temporary SQLite file path, removed after the test. */
function databaseFile(): string {
  const temp = tempDir();
  cleanups.push(temp.remove);
  return join(temp.dir, "gateway.db");
}

async function start(database: string, logs?: GatewayLogEntry[]): Promise<RunningGateway> {
  const gateway = await startGateway({
    port: 0,
    database,
    adminToken: ADMIN_TOKEN,
    logger: logs === undefined ? false : (entry) => logs.push(entry),
  });
  cleanups.push(() => gateway.close());
  return gateway;
}

/** `mesh-gateway serve` on `database` as a child process, resolved once it listens. */
function serve(database: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--database", database], {
    env: { ...process.env, MESH_GATEWAY_TOKEN: ADMIN_TOKEN },
    stdio: ["ignore", "ignore", "pipe"],
  });
  cleanups.push(() => {
    child.kill("SIGKILL");
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/listening on/.test(stderr)) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

/** Runs the bin to the end. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env["MESH_GATEWAY_TOKEN"];
  const child = spawn(process.execPath, [BIN, ...args], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("one gateway per SQLite file", { timeout: 60_000 }, () => {
  it("creates the database's missing folder, lock included (.mesh/ on a fresh clone)", async () => {
    const database = join(databaseFile(), "..", "not-yet", "gateway.db");
    const gateway = await start(database);
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
  });

  it("refuses a second gateway on the same file in this process, naming it, until the first closes", async () => {
    const database = databaseFile();
    const first = await start(database);
    const error = await start(database).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "database_in_use" });
    expect((error as Error).message).toContain(String(process.pid));
    expect((error as Error).message).toContain("PostgreSQL");
    await first.close();
    const again = await start(database);
    expect((await fetch(`${again.url}/health`)).status).toBe(200);
  });

  it("refuses serve on a file a live gateway process holds with exit 2, and lets token issue through", async () => {
    const database = databaseFile();
    const holder = await serve(database);
    const second = await run(["serve", "--port", "0", "--database", database]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain("database_in_use");
    expect(second.stderr).toContain(`process ${holder.pid}`);
    const issued = await run(["token", "issue", "alice", "--database", database]);
    expect(issued.code).toBe(0);
    expect(issued.stdout).toMatch(/mesh_[A-Za-z0-9_-]{48}/);
  });

  it("takes the lock over from a holder that died, and logs the takeover", async () => {
    const database = databaseFile();
    const holder = await serve(database);
    const pid = holder.pid;
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    holder.kill("SIGKILL");
    await exited;
    const logs: GatewayLogEntry[] = [];
    const gateway = await start(database, logs);
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
    expect(JSON.stringify(logs)).toContain(`from process ${pid}, which is gone`);
  });
});
