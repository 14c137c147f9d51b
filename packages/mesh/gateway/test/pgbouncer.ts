import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** Where Debian's package puts the binary (`/usr/sbin` is not on every user's PATH). */
const EXTRA_DIRS = ["/usr/sbin", "/usr/local/sbin"];

/** The `pgbouncer` executable, or `undefined` when it is not installed. */
export function findPgBouncer(): string | undefined {
  const dirs = [...(process.env["PATH"] ?? "").split(delimiter), ...EXTRA_DIRS];
  for (const dir of dirs.filter((entry) => entry !== "")) {
    const file = join(dir, "pgbouncer");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}

export interface PgBouncer {
  /** Its process id (for CPU accounting). */
  pid: number;
  /** A URL of `database` through the pooler. */
  url(database: string): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer in the foreground, in transaction pooling mode with trust auth, on a free
 * loopback port in front of PostgreSQL at 127.0.0.1:5432; every database name is forwarded
 * to the same name there. Eight server connections per database at most, fewer than one
 * gateway's pool: clients share server connections, as they do in production. As root it
 * runs as `postgres` (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(executable: string): Promise<PgBouncer> {
  const dir = mkdtempSync(join(tmpdir(), "mesh-pgbouncer-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const userlist = join(dir, "userlist.txt");
  writeFileSync(userlist, '"postgres" ""\n', { mode: 0o644 });
  const ini = join(dir, "pgbouncer.ini");
  writeFileSync(
    ini,
    `[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${userlist}
pool_mode = transaction
default_pool_size = 8
max_client_conn = 500
server_idle_timeout = 10
`,
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(executable, [...(asRoot ? ["-u", "postgres"] : []), ini], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  });
  const kill = () => child.kill("SIGTERM");
  process.once("exit", kill);
  const stop = async () => {
    process.off("exit", kill);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      kill();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child);
  } catch (error) {
    await stop();
    throw new Error(`pgbouncer did not start: ${output.trim() || String(error)}`);
  }
  return {
    pid: child.pid!,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `port` accepts a connection; rejects when `child` exits or after 10 s. */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: "127.0.0.1" });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
}
