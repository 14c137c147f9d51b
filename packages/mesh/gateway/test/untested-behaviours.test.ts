import { type ChildProcess, spawn } from "node:child_process";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it, vi } from "vitest";
import { describeDatabase, type RunningGateway, startGateway } from "../src/index.js";
import { BACKENDS, type Backend, POOLED_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register, send, tempDir } from "./helpers.js";

// Behaviours that had no test: each one here was checked by planting the bug it guards against
// (scripts/plant-bugs.mjs) and seeing it fail. Everything goes through HTTP, exported functions
// or the built `mesh-gateway` bin, so the tests hold while the gateway's insides change.

const BIN = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const DIST_INDEX = new URL("../dist/index.js", import.meta.url).href;
const MINUTE = 60_000;
/** Tests that start gateway processes: a process start takes seconds on a loaded machine. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const DAY = 24 * 60 * MINUTE;
/** A fixed, distinctive moment for the injected clock (no real request happens near it). */
const T0 = Date.parse("2031-03-04T05:06:07.000Z");

const SQLITE = BACKENDS.find(({ backend }) => backend.name === "sqlite")!;
const POSTGRES = BACKENDS.find(({ backend }) => backend.name === "postgres")!;

/** Gateway processes a test started; any still running after it are stopped. */
const children = new Set<ChildProcess>();

afterEach(() => {
  vi.useRealTimers();
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  children.clear();
});

/** Runs `body` against a fresh admin-token gateway on `backend`, then closes everything. */
async function withGateway(
  backend: Backend,
  body: (gateway: RunningGateway, database: string) => Promise<void>,
): Promise<void> {
  const db = await backend.create();
  const gateway = await startGateway({
    port: 0,
    database: db.database,
    listenDatabase: db.listenDatabase,
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  try {
    await body(gateway, db.database);
  } finally {
    vi.useRealTimers();
    await gateway.close();
    await db.cleanup();
  }
}

async function lastSeen(gateway: RunningGateway, name: string): Promise<string | null> {
  const { json } = await call(gateway, "GET", "/peers");
  return json.peers.find((peer: { name: string }) => peer.name === name).last_seen;
}

/** Registers `from` and `to`, in that order. */
async function pair(gateway: RunningGateway, from = "sender", to = "inbox") {
  expect((await register(gateway, from)).status).toBe(201);
  expect((await register(gateway, to)).status).toBe(201);
  return { from, to };
}

const keyed = (key: string) => ({ headers: { "idempotency-key": key } });

for (const { backend, describe: describeBackend } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describeBackend(`idempotency and long-poll wake-ups on ${backend.title}`, () => {
    it("answers an Idempotency-Key repeat with the first message for 24 h, then stores a new one", async () => {
      await withGateway(backend, async (gateway) => {
        const { from, to } = await pair(gateway);
        vi.useFakeTimers({ toFake: ["Date"], now: T0 });
        const first = await send(gateway, { from_node: from, to_node: to }, keyed("k-24h"));
        expect(first.status).toBe(201);

        vi.setSystemTime(T0 + DAY - MINUTE);
        const repeat = await send(gateway, { from_node: from, to_node: to }, keyed("k-24h"));
        expect(repeat.status).toBe(200);
        expect(repeat.json.id).toBe(first.json.id);

        vi.setSystemTime(T0 + DAY + MINUTE);
        const late = await send(gateway, { from_node: from, to_node: to }, keyed("k-24h"));
        expect(late.status).toBe(201);
        expect(late.json.id).not.toBe(first.json.id);

        const inbox = await call(gateway, "GET", `/messages?to=${to}`);
        expect(inbox.json.messages.map((m: { id: number }) => m.id)).toEqual([
          first.json.id,
          late.json.id,
        ]);
      });
    });

    it("wakes a waiting long-poll at once on a send through the same gateway", async () => {
      await withGateway(backend, async (gateway) => {
        const { from, to } = await pair(gateway);
        const token = await gateway.issueToken(to);
        // With timers frozen, neither a periodic re-read nor the deadline can answer the
        // long-poll: only the wake-up that the send triggers can.
        vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: T0 });
        const polling = call(gateway, "GET", "/messages?wait=30", { token });
        // The poll has reached the server once its inbox read set last_seen to the frozen time.
        await expect.poll(() => lastSeen(gateway, to)).toBe(new Date(T0).toISOString());
        const sent = await send(gateway, { from_node: from, to_node: to, content: "wake up" });
        expect(sent.status).toBe(201);
        const result = await polling;
        expect(result.status).toBe(200);
        expect(result.json.messages.map((m: { content: string }) => m.content)).toEqual([
          "wake up",
        ]);
      });
    });
  });
}

SQLITE.describe("idempotency key purge on sqlite", () => {
  it("forgets idempotency keys once they are older than 24 h, without a restart", async () => {
    const temp = tempDir();
    const database = `${temp.dir}/gateway.db`;
    // Timers are frozen from the start, so the gateway's periodic purge runs only when the test
    // moves the clock.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: T0 });
    const gateway = await startGateway({
      port: 0,
      database,
      adminToken: ADMIN_TOKEN,
      logger: false,
    });
    const reader = new DatabaseSync(database, { readOnly: true });
    const storedKeys = () =>
      Number(
        (reader.prepare("SELECT count(*) AS n FROM idempotency_keys").get() as { n: number }).n,
      );
    try {
      const { from, to } = await pair(gateway);
      expect((await send(gateway, { from_node: from, to_node: to }, keyed("old"))).status).toBe(
        201,
      );
      expect(storedKeys()).toBe(1);

      await vi.advanceTimersByTimeAsync(DAY - 30 * MINUTE);
      expect((await send(gateway, { from_node: from, to_node: to })).status).toBe(201);
      expect(storedKeys()).toBe(1);

      await vi.advanceTimersByTimeAsync(2 * 60 * MINUTE);
      expect((await send(gateway, { from_node: from, to_node: to })).status).toBe(201);
      await expect.poll(storedKeys).toBe(0);
    } finally {
      reader.close();
      vi.useRealTimers();
      await gateway.close();
      temp.remove();
    }
  });
});

SQLITE.describe("HTTP details on sqlite", () => {
  it("writes last_seen on inbox reads at most about once a second per peer", async () => {
    await withGateway(SQLITE.backend, async (gateway) => {
      const { to } = await pair(gateway);
      const token = await gateway.issueToken(to);
      vi.useFakeTimers({ toFake: ["Date"], now: T0 });
      await call(gateway, "GET", "/messages", { token });
      expect(await lastSeen(gateway, to)).toBe(new Date(T0).toISOString());

      vi.setSystemTime(T0 + 500);
      await call(gateway, "GET", "/messages", { token });
      expect(await lastSeen(gateway, to)).toBe(new Date(T0).toISOString());

      vi.setSystemTime(T0 + MINUTE);
      await call(gateway, "GET", "/messages", { token });
      expect(await lastSeen(gateway, to)).toBe(new Date(T0 + MINUTE).toISOString());
    });
  });

  it("caps wait at 30 seconds: a longer wait is answered with an empty list after 30 s", async () => {
    await withGateway(SQLITE.backend, async (gateway) => {
      const { to } = await pair(gateway);
      const token = await gateway.issueToken(to);
      vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: T0 });
      const polling = call(gateway, "GET", "/messages?wait=3600", { token });
      await expect.poll(() => lastSeen(gateway, to)).toBe(new Date(T0).toISOString());
      // 31 s on the frozen clock: past the cap, far before the 3600 s asked for.
      await vi.advanceTimersByTimeAsync(31_000);
      const result = await polling;
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ messages: [] });
    });
  });

  it("answers HEAD like GET without a body on every readable endpoint", async () => {
    await withGateway(SQLITE.backend, async (gateway) => {
      await pair(gateway);
      for (const path of ["/health", "/openapi.json", "/peers", "/messages"]) {
        const get = await call(gateway, "GET", path);
        const head = await call(gateway, "HEAD", path);
        expect(head.status, path).toBe(200);
        expect(head.text, path).toBe("");
        expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
      }
      expect((await call(gateway, "HEAD", "/peers", { token: null })).status).toBe(401);
    });
  });

  it("refuses peer names outside the format in the paths of PATCH /peers and DELETE /admin/tokens", async () => {
    await withGateway(SQLITE.backend, async (gateway) => {
      expect((await register(gateway, "lab-ovh")).status).toBe(201);
      await gateway.issueToken("lab-ovh");
      const bad = ["Lab-Ovh", "lab_ovh", "-lab-ovh", "lab-ovh-", "1peer", "x", "a".repeat(65)];
      bad.push("dröplet", "lab ovh", "drop'; DROP TABLE peers; --");
      for (const name of bad) {
        const path = encodeURIComponent(name);
        const patch = await call(gateway, "PATCH", `/peers/${path}`, { body: { enabled: false } });
        expect(patch.status, name).toBe(400);
        expect(patch.json.error, name).toBe("invalid_name");
        const revoke = await call(gateway, "DELETE", `/admin/tokens/${path}`);
        expect(revoke.status, name).toBe(400);
        expect(revoke.json.error, name).toBe("invalid_name");
      }
      const peers = await call(gateway, "GET", "/peers");
      expect(peers.json.peers).toEqual([
        expect.objectContaining({ name: "lab-ovh", enabled: true }),
      ]);
    });
  });
});

interface Served {
  child: ChildProcess;
  url: string;
  /** Everything written so far on stdout and stderr. */
  output: () => { stdout: string; stderr: string };
  /** Stops the process with SIGTERM and waits for its exit. */
  stop: () => Promise<void>;
}

/**
 * Starts `mesh-gateway serve --port 0 ...args` and resolves once it prints its address, or
 * resolves `undefined` when the process exits first (a refused start).
 */
function serve(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ served?: Served; code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], {
    env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve) => {
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match === null) return;
      child.stderr!.removeAllListeners("data");
      child.stderr!.on("data", (more: string) => {
        stderr += more;
      });
      resolve({
        code: null,
        stdout,
        stderr,
        served: {
          child,
          url: match[1]!.replace("://0.0.0.0:", "://127.0.0.1:"),
          output: () => ({ stdout, stderr }),
          stop: async () => {
            if (child.exitCode === null) child.kill("SIGTERM");
            await exited;
          },
        },
      });
    });
    void exited.then((code) => resolve({ code, stdout, stderr }));
  });
}

/** Lines that warn that an open-mode gateway is reachable beyond this machine. */
function beyondLoopbackWarnings(text: string): string[] {
  return text
    .split("\n")
    .filter(
      (line) =>
        /open mode|no admin token|every request/i.test(line) &&
        /0\.0\.0\.0|beyond|network|other machines|non-loopback/i.test(line),
    );
}

SQLITE.describe("mesh-gateway serve output", () => {
  it(
    "warns when an open-mode gateway listens beyond loopback, and only then",
    async () => {
      const loopback = await serve(["--database", ":memory:"]);
      expect(loopback.served).toBeDefined();
      await loopback.served!.stop();
      const quiet = loopback.served!.output();
      expect(beyondLoopbackWarnings(`${quiet.stdout}\n${quiet.stderr}`)).toEqual([]);

      // Open mode on every interface: either refused unless --insecure-open is given, or started
      // with the warning; with --insecure-open it must start, and warn.
      const refused = await serve(["--host", "0.0.0.0", "--database", ":memory:"]);
      let wide = refused;
      if (refused.served === undefined) {
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain("--insecure-open");
        wide = await serve(["--host", "0.0.0.0", "--database", ":memory:", "--insecure-open"]);
      }
      expect(wide.served).toBeDefined();
      expect((await call(wide.served!, "GET", "/health", { token: null })).text).toBe("ok");
      await wide.served!.stop();
      const { stdout, stderr } = wide.served!.output();
      expect(beyondLoopbackWarnings(`${stdout}\n${stderr}`)).not.toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "logs one JSON line per request on stdout by default, and none with --quiet",
    async () => {
      for (const quiet of [false, true]) {
        const started = await serve(["--database", ":memory:", ...(quiet ? ["--quiet"] : [])], {
          MESH_GATEWAY_TOKEN: ADMIN_TOKEN,
        });
        const served = started.served!;
        expect((await call(served, "GET", "/peers")).status).toBe(200);
        expect((await call(served, "GET", "/peers")).status).toBe(200);
        await served.stop();
        const lines = served
          .output()
          .stdout.split("\n")
          .filter((line) => line.includes("/peers"));
        if (quiet) {
          expect(lines).toEqual([]);
          continue;
        }
        expect(lines.length).toBeGreaterThanOrEqual(2);
        for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
        expect(lines.some((line) => /\b200\b/.test(line))).toBe(true);
        expect(served.output().stdout).not.toContain(ADMIN_TOKEN);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "logs requests on stdout when startGateway gets no logger option",
    async () => {
      // A separate process, so that whatever writes stdout (a stream or the file descriptor) is seen.
      const script = `
      const { startGateway } = await import(${JSON.stringify(DIST_INDEX)});
      const gateway = await startGateway({ port: 0, database: ":memory:", adminToken: ${JSON.stringify(ADMIN_TOKEN)} });
      const response = await fetch(gateway.url + "/peers", { headers: { authorization: "Bearer ${ADMIN_TOKEN}" } });
      await response.text();
      await gateway.close();
    `;
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        env: { PATH: process.env["PATH"] ?? "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
      });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(0);
      const lines = stdout.split("\n").filter((line) => line.includes("/peers"));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toBeTypeOf("object");
      expect(lines[0]).toMatch(/\b200\b/);
      expect(stdout).not.toContain(ADMIN_TOKEN);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

POSTGRES.describe("PostgreSQL passwords in what the gateway prints", () => {
  const PASSWORD = "S3cret-pw-never-printed";

  it(
    "masks the password of a postgres:// database in the banner, the logs and the API",
    async () => {
      const db = await POSTGRES.backend.create();
      const database = db.database.replace(
        "postgres://postgres@",
        `postgres://postgres:${PASSWORD}@`,
      );
      expect(database).toContain(PASSWORD);
      try {
        expect(describeDatabase(database)).not.toContain(PASSWORD);
        expect(describeDatabase(database)).toContain("127.0.0.1:5432");
        const gateway = await startGateway({ port: 0, database, adminToken: null, logger: false });
        try {
          expect(gateway.database).not.toContain(PASSWORD);
          expect(gateway.database).toContain("127.0.0.1:5432");
        } finally {
          await gateway.close();
        }

        const started = await serve(["--database", database]);
        const served = started.served!;
        expect((await call(served, "GET", "/peers", { token: null })).status).toBe(200);
        await served.stop();
        const { stdout, stderr } = served.output();
        expect(stderr).toContain("127.0.0.1:5432");
        expect(`${stdout}\n${stderr}`).not.toContain(PASSWORD);

        const issue = spawn(
          process.execPath,
          [BIN, "token", "issue", "masked-peer", "--database", database],
          {
            env: { PATH: process.env["PATH"] ?? "" },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        let printed = "";
        issue.stdout.on("data", (chunk: Buffer) => {
          printed += chunk.toString();
        });
        issue.stderr.on("data", (chunk: Buffer) => {
          printed += chunk.toString();
        });
        expect(await new Promise((resolve) => issue.once("exit", resolve))).toBe(0);
        expect(printed).toMatch(/mesh_[A-Za-z0-9_-]{48}/);
        expect(printed).not.toContain(PASSWORD);
      } finally {
        await db.cleanup();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
