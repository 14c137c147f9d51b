import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { BACKENDS, POOLED_BACKENDS, POSTGRES_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register, send, tempDir } from "./helpers.js";
import { suiteGateway } from "./suite-gateway.js";

interface Acked {
  id: number;
  content: string;
  to: string;
}

/** Reads every message of an inbox by paging with after_id. */
async function drainInbox(gateway: { url: string }, to: string) {
  const rows: Array<{ id: number; content: string }> = [];
  let after = 0;
  for (;;) {
    const { json } = await call(gateway, "GET", `/messages?to=${to}&limit=1000&after_id=${after}`);
    rows.push(...json.messages);
    if (json.messages.length < 1000) return rows;
    after = json.messages.at(-1).id;
  }
}

for (const { backend, describe: describeBackend } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describeBackend(`reliability on ${backend.title}`, () => {
    let gateway: RunningGateway;
    suiteGateway(backend, false, (started) => {
      gateway = started;
    });

    it("stores every acknowledged message of 50 concurrent senders x 200 exactly once", async () => {
      const senders = Array.from({ length: 50 }, (_, index) => `sender-${index}`);
      const recipients = Array.from({ length: 10 }, (_, index) => `inbox-${index}`);
      for (const name of [...senders, ...recipients]) await register(gateway, name);

      const acked: Acked[] = [];
      await Promise.all(
        senders.map(async (sender, senderIndex) => {
          let previous = 0;
          for (let index = 0; index < 200; index++) {
            const to = recipients[(senderIndex + index) % recipients.length]!;
            const content = `${sender}#${index}`;
            const result = await send(gateway, { from_node: sender, to_node: to, content });
            expect(result.status).toBe(201);
            expect(result.json.id).toBeGreaterThan(previous);
            previous = result.json.id;
            acked.push({ id: result.json.id, content, to });
          }
        }),
      );
      expect(acked).toHaveLength(10_000);
      expect(new Set(acked.map((a) => a.id)).size).toBe(10_000);

      for (const to of recipients) {
        const inbox = await drainInbox(gateway, to);
        const ids = inbox.map((row) => row.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        const expected = acked.filter((a) => a.to === to);
        expect(inbox).toHaveLength(expected.length);
        const stored = new Map(inbox.map((row) => [row.id, row.content]));
        for (const message of expected) expect(stored.get(message.id)).toBe(message.content);
      }
    }, 120_000);
  });
}

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** Starts `mesh-gateway serve` as a child process and resolves with its URL from the banner. */
function spawnGateway(database: string): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} is missing: build @mesh/gateway first (pnpm turbo run build)`);
  }
  const child = spawn(
    process.execPath,
    [CLI, "serve", "--port", "0", "--database", database, "--quiet"],
    {
      env: { ...process.env, MESH_GATEWAY_TOKEN: ADMIN_TOKEN },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`gateway did not start: ${stderr}`)), 15_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}: ${stderr}`));
    });
  });
}

describe("crash safety on SQLite", () => {
  it("keeps every message acknowledged before a SIGKILL of the gateway process", async () => {
    const temp = tempDir();
    const database = `${temp.dir}/gateway.db`;
    let running = await spawnGateway(database);
    try {
      const recipients = ["crash-a", "crash-b", "crash-c"];
      for (const name of [...recipients, "crash-sender"]) {
        expect((await register(running, name)).status).toBe(201);
      }
      const acked: Acked[] = [];
      let killed = false;
      const exited = new Promise((resolve) => running.child.once("exit", resolve));
      await Promise.all(
        Array.from({ length: 20 }, async (_, worker) => {
          for (let index = 0; index < 500 && !killed; index++) {
            const to = recipients[index % recipients.length]!;
            const content = `w${worker}#${index}`;
            try {
              const result = await send(running, {
                from_node: "crash-sender",
                to_node: to,
                content,
              });
              if (result.status === 201) acked.push({ id: result.json.id, content, to });
            } catch {
              return; // connection refused or reset: the process is gone
            }
            if (!killed && acked.length >= 1500) {
              killed = true;
              running.child.kill("SIGKILL");
            }
          }
        }),
      );
      expect(killed).toBe(true);
      await exited;

      running = await spawnGateway(database);
      const stored = new Map<number, string>();
      for (const to of recipients) {
        for (const row of await drainInbox(running, to)) stored.set(row.id, row.content);
      }
      expect(acked.length).toBeGreaterThanOrEqual(1500);
      for (const message of acked) expect(stored.get(message.id)).toBe(message.content);
    } finally {
      running.child.kill("SIGTERM");
      await new Promise((resolve) => {
        if (running.child.exitCode !== null) resolve(undefined);
        else running.child.once("exit", resolve);
      });
      temp.remove();
    }
  });

  it("stops cleanly on SIGTERM with exit code 0", async () => {
    const temp = tempDir();
    try {
      const { child, url } = await spawnGateway(`${temp.dir}/gateway.db`);
      expect((await call({ url }, "GET", "/health", { token: null })).text).toBe("ok");
      const code = await new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      });
      expect(code).toBe(0);
    } finally {
      temp.remove();
    }
  });
});

describe("mesh-gateway token issue", () => {
  it("prints a token that a gateway on the same database accepts for that peer", async () => {
    const temp = tempDir();
    const database = `${temp.dir}/gateway.db`;
    try {
      const child = spawn(
        process.execPath,
        [CLI, "token", "issue", "cli-peer", "--database", database, "--create"],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let stdout = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(0);
      const token = stdout.trim();
      expect(token).toMatch(/^mesh_[A-Za-z0-9_-]{48}$/);
      const gateway = await startGateway({
        port: 0,
        database,
        adminToken: ADMIN_TOKEN,
        logger: false,
      });
      try {
        expect((await register(gateway, "cli-peer", token)).status).toBe(201);
        expect((await register(gateway, "other-peer", token)).status).toBe(403);
      } finally {
        await gateway.close();
      }
    } finally {
      temp.remove();
    }
  });

  it("exits with 2 for a peer name outside the format", async () => {
    const temp = tempDir();
    try {
      const child = spawn(
        process.execPath,
        [CLI, "token", "issue", "Bad_Name", "--database", `${temp.dir}/gateway.db`],
        { stdio: "ignore" },
      );
      expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(2);
    } finally {
      temp.remove();
    }
  });
});

for (const { backend, describe: describeBackend } of POSTGRES_BACKENDS) {
  describeBackend(`two gateways on one PostgreSQL database (${backend.title})`, () => {
    let first: RunningGateway;
    let second: RunningGateway;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const db = await backend.create();
      drop = db.cleanup;
      const options = {
        port: 0,
        database: db.database,
        listenDatabase: db.listenDatabase,
        adminToken: ADMIN_TOKEN,
        logger: false as const,
      };
      [first, second] = await Promise.all([startGateway(options), startGateway(options)]);
      expect([first.wakeups, second.wakeups]).toEqual([backend.wakeups, backend.wakeups]);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await drop?.();
    });

    it("fetches and marks read through one a DM sent through the other", async () => {
      await register(first, "pg-alice");
      await register(second, "pg-bob");
      const sent = await send(first, {
        from_node: "pg-alice",
        to_node: "pg-bob",
        content: "across",
      });
      expect(sent.status).toBe(201);
      const inbox = await call(second, "GET", "/messages?to=pg-bob&unread_only=true");
      expect(inbox.json.messages.map((m: { content: string }) => m.content)).toEqual(["across"]);
      expect((await call(second, "POST", `/messages/${sent.json.id}/read`)).status).toBe(200);
      const after = await call(first, "GET", "/messages?to=pg-bob&unread_only=true");
      expect(after.json.messages).toEqual([]);
    });

    it("leaves one read_at when both gateways mark the same message concurrently", async () => {
      await register(first, "pg-carol");
      const sent = await send(first, { from_node: "pg-carol", to_node: "pg-carol" });
      const marks = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call(index % 2 === 0 ? first : second, "POST", `/messages/${sent.json.id}/read`),
        ),
      );
      expect(marks.every((mark) => mark.status === 200)).toBe(true);
      expect(new Set(marks.map((mark) => mark.json.read_at)).size).toBe(1);
    });

    it("wakes a long-poll on one gateway with a message sent through the other", async () => {
      await register(first, "pg-dave");
      const polling = call(second, "GET", "/messages?to=pg-dave&unread_only=true&wait=20");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await send(first, { from_node: "pg-dave", to_node: "pg-dave", content: "ping" });
      const result = await polling;
      expect(result.json.messages.map((m: { content: string }) => m.content)).toEqual(["ping"]);
    });

    it("stores one message for an Idempotency-Key repeated concurrently through both", async () => {
      await register(first, "pg-erin");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          send(
            index % 2 === 0 ? first : second,
            { from_node: "pg-erin", to_node: "pg-erin" },
            { headers: { "idempotency-key": "twice" } },
          ),
        ),
      );
      expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
      expect((await call(first, "GET", "/messages?to=pg-erin")).json.messages).toHaveLength(1);
    });
  });
}
