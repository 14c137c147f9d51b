import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv, collect, runBin, startBin, waitFor } from "@mesh/cli-kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import { POSTGRES_REACHABLE } from "./backends.js";
import { tempDir } from "./helpers.js";

// What `mesh-gateway` prints, read from the built bin (`pnpm turbo run build --filter
// @mesh/gateway...` first): the messages a person sees, each with its exit status.

const BIN = fileURLToPath(new URL("../bin/mesh-gateway.js", import.meta.url));
const PASSWORD = "Hunter2-never-printed";
/** Each case starts a Node process, which takes seconds on a loaded machine. */
const SLOW = { timeout: 60_000 };

const gateway = (args: readonly string[], env: Record<string, string> = {}) =>
  runBin(BIN, args, { env: cleanEnv(env) });

/** The one JSON object a `--json` failure writes on stderr. */
function jsonError(stderr: string): { code: string; message: string; hint: string | null } {
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  return (JSON.parse(stderr) as { error: { code: string; message: string; hint: string | null } })
    .error;
}

/** A TCP port that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("mesh-gateway version, usage errors and help", SLOW, () => {
  it("prints the package version with --version and -V", async () => {
    for (const flag of ["--version", "-V"]) {
      expect(await gateway([flag])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
    }
  });

  it.each([
    [["serve", "--port", "abc"], "option '--port <port>' argument 'abc' is invalid"],
    [["serve", "--port", "70000"], "expected an integer from 0 to 65535"],
    [["serve", "--content-guard", "nope"], "Allowed choices are tokens, refuse, off"],
    [["serve", "--rate-limit", "-1"], "option '--rate-limit <n>' argument '-1' is invalid"],
    [["serve", "--bogus"], "unknown option '--bogus'"],
    [["srve"], "unknown command 'srve'"],
  ])("refuses %j in one line and a pointer to --help, exit 2", async (args, message) => {
    const run = await gateway(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^mesh-gateway: error: /);
    expect(lines[0]).toContain(message);
    expect(lines.at(-1)).toBe("(run with --help for usage)");
    expect(lines.length).toBeLessThanOrEqual(3); // "unknown command" adds "(Did you mean serve?)"
    expect(run.stderr).not.toContain("Usage:");
  });

  it("with --json, a usage error is one JSON object on stderr, exit 2", async () => {
    const run = await gateway(["serve", "--port", "abc", "--json"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(jsonError(run.stderr)).toEqual({
      code: "usage_error",
      message:
        "option '--port <port>' argument 'abc' is invalid. expected an integer from 0 to 65535",
      hint: "run with --help for usage",
    });
  });

  it("shows every serve flag's default in `serve --help`, the database's included", async () => {
    const run = await gateway(["serve", "--help"]);
    expect(run.code).toBe(0);
    const help = run.stdout.replace(/\s+/g, " ");
    for (const shown of [
      '--host <host> interface to bind; 0.0.0.0 for every interface (default: "127.0.0.1")',
      "--port <port> TCP port; 0 picks a free one (default: 8788)",
      "(env MESH_GATEWAY_DATABASE, default .mesh/gateway.db)",
      "(default: one JSON line per request)",
      "(default: served)",
      "(default: refused)",
      "(default: 1200)",
      'default: "tokens"',
      "--json",
      "MESH_GATEWAY_TOKEN",
    ]) {
      expect(help).toContain(shown);
    }
  });

  it("shows the database default in the token commands' help", async () => {
    for (const command of ["issue", "revoke"]) {
      const run = await gateway(["token", command, "--help"]);
      expect(run.stdout.replace(/\s+/g, " ")).toContain("default .mesh/gateway.db");
    }
  });

  it.each([[[]], [["serve"]], [["token"]], [["token", "issue"]], [["token", "revoke"]]])(
    "shows two or three examples in `mesh-gateway %j --help`",
    async (command) => {
      const run = await gateway([...command, "--help"]);
      expect(run.code).toBe(0);
      const commands = (run.stdout.split("\nExamples:\n")[1] ?? "")
        .split("\n")
        .filter((line) => line.startsWith("  $ "));
      expect(commands.length).toBeGreaterThanOrEqual(2);
      expect(commands.length).toBeLessThanOrEqual(3);
      for (const line of commands) expect(line).toMatch(/\bmesh-gateway\b/);
    },
  );
});

describe("mesh-gateway serve start-up", SLOW, () => {
  it("prints the listening URL as one JSON line first on stdout with --json, and stops with 0", async () => {
    const child = startBin(
      BIN,
      ["serve", "--port", "0", "--database", ":memory:", "--json"],
      cleanEnv(),
    );
    const done = collect(child);
    const first = (await waitFor(child.stdout, /\n/)).split("\n")[0]!;
    const event = JSON.parse(first) as Record<string, unknown>;
    expect(event).toMatchObject({
      event: "listening",
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      database: "sqlite :memory:",
      authMode: "open",
    });
    const health = await fetch(`${event["url"] as string}/health`);
    expect(await health.text()).toBe("ok");
    child.kill("SIGTERM");
    const run = await done;
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`mesh-gateway listening on ${event["url"] as string}`);
    expect(run.stderr).toContain("mesh-gateway stopped");
  });

  it("prints the plain-text banner without --json, and no JSON event", async () => {
    const child = startBin(
      BIN,
      ["serve", "--port", "0", "--database", ":memory:", "--quiet"],
      cleanEnv(),
    );
    const done = collect(child);
    await waitFor(child.stderr, /auth: .*\n/);
    child.kill("SIGINT");
    const run = await done;
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^mesh-gateway listening on http:\/\/127\.0\.0\.1:\d+\n {2}database: sqlite :memory:\n/,
    );
    expect(run.stdout).toBe("");
  });
});

describe("mesh-gateway serve failures, with a hint in flags and variables", SLOW, () => {
  let busy: Server;
  let busyPort: number;
  let dir: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    busyPort = (busy.address() as { port: number }).port;
    dir = tempDir();
  });

  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
    dir.remove();
  });

  it("names a busy port and says to pass --port or stop the other process, exit 1", async () => {
    const run = await gateway(["serve", "--port", String(busyPort), "--database", ":memory:"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `mesh-gateway: error: port ${busyPort} is in use (on 127.0.0.1)\nhint: pass --port <n> (0 picks a free one) or stop the other process\n`,
    );
  });

  it("with --json, the busy port is one JSON object on stderr", async () => {
    const run = await gateway([
      "serve",
      "--port",
      String(busyPort),
      "--database",
      ":memory:",
      "--json",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(jsonError(run.stderr)).toEqual({
      code: "port_in_use",
      message: `port ${busyPort} is in use (on 127.0.0.1)`,
      hint: "pass --port <n> (0 picks a free one) or stop the other process",
    });
  });

  it("names a file that is not a SQLite database, given by flag or by MESH_GATEWAY_DATABASE", async () => {
    const file = join(dir.dir, "notes.txt");
    writeFileSync(file, "these are notes, not a SQLite database file\n".repeat(8));
    const byFlag = await gateway(["serve", "--port", "0", "--database", file]);
    const byEnv = await gateway(["serve", "--port", "0"], { MESH_GATEWAY_DATABASE: file });
    for (const run of [byFlag, byEnv]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `mesh-gateway: error: ${file} is not a SQLite database (file is not a database)\nhint: point --database (or MESH_GATEWAY_DATABASE) at the gateway's database file, or at a new path to create one\n`,
      );
    }
  });

  it("says PostgreSQL cannot be reached, naming host and port but never the password", async () => {
    const port = await closedPort();
    const run = await gateway([
      "serve",
      "--port",
      "0",
      "--database",
      `postgres://mesh:${PASSWORD}@127.0.0.1:${port}/mesh`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `mesh-gateway: error: cannot reach PostgreSQL at 127.0.0.1:${port}`,
    );
    expect(run.stderr).toContain(
      "hint: start PostgreSQL there, or fix the host and port in the --database URL (or MESH_GATEWAY_DATABASE)",
    );
    expect(run.stderr).not.toContain(PASSWORD);
  });

  it.skipIf(!POSTGRES_REACHABLE)(
    "names a PostgreSQL database that does not exist and says to create it or fix the URL",
    async () => {
      const run = await gateway(["serve", "--port", "0", "--json"], {
        MESH_GATEWAY_DATABASE: `postgres://postgres:${PASSWORD}@127.0.0.1:5432/no_such_db_gateway_cli`,
      });
      expect(run.code).toBe(1);
      expect(jsonError(run.stderr)).toEqual({
        code: "database_not_found",
        message: 'database "no_such_db_gateway_cli" does not exist on PostgreSQL at 127.0.0.1:5432',
        hint: "create it (createdb no_such_db_gateway_cli) or fix the database name in the --database URL (or MESH_GATEWAY_DATABASE)",
      });
      expect(run.stderr).not.toContain(PASSWORD);
    },
  );

  it("refuses open mode beyond loopback in flags and variables, not option names (exit 2)", async () => {
    const run = await gateway([
      "serve",
      "--host",
      "0.0.0.0",
      "--port",
      "0",
      "--database",
      ":memory:",
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("refusing open mode on 0.0.0.0");
    expect(run.stderr).toContain(
      "hint: set MESH_GATEWAY_TOKEN, pass --host 127.0.0.1 to serve this machine only, or pass --insecure-open to accept that",
    );
    expect(run.stderr).not.toMatch(/option (adminToken|insecureOpen)/);
  });
});

describe("mesh-gateway token with --json", SLOW, () => {
  it("prints the issued token as { peer, token } and a missing database as a JSON error", async () => {
    const dir = tempDir();
    try {
      const database = join(dir.dir, "gateway.db");
      const issued = await gateway([
        "token",
        "issue",
        "drop",
        "--database",
        database,
        "--create",
        "--json",
      ]);
      expect(issued.code).toBe(0);
      expect(JSON.parse(issued.stdout)).toEqual({
        peer: "droplet",
        token: expect.stringMatching(/^mesh_[A-Za-z0-9_-]{48}$/),
      });
      const revoked = await gateway(["token", "revoke", "drop", "--database", database, "--json"]);
      expect(JSON.parse(revoked.stdout)).toEqual({ peer: "droplet", revoked: 1 });
      const missing = await gateway([
        "token",
        "issue",
        "alice",
        "--database",
        join(dir.dir, "typo.db"),
        "--json",
      ]);
      expect(missing.code).toBe(1);
      expect(jsonError(missing.stderr)).toMatchObject({
        code: "no_database",
        hint: expect.stringContaining("--create"),
      });
    } finally {
      dir.remove();
    }
  });
});
