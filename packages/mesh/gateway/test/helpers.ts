import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach } from "vitest";
import { type GatewayOptions, type RunningGateway, startGateway } from "../src/index.js";

export const PG_BASE_URL = "postgres://postgres@127.0.0.1:5432/test";
export const ADMIN_TOKEN = "test-admin-token-0123456789";

/** Whether the test PostgreSQL answers; decided once per test file. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_BASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh schema for one test run; `url` points its search_path there, `drop` removes it. */
export async function createPgSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `mesh_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    url: `${PG_BASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      const admin = new pg.Client({ connectionString: PG_BASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/**
 * A fresh database for one test run, reached directly (`url`), and `drop` to remove it. For a
 * transaction-mode pooler: it forwards no `options` startup parameter (PgBouncer refuses
 * one), and a `search_path` set in one would not follow a client from one server connection to
 * the next, so there a test gets a database of its own, whose tables go into `public`.
 */
export async function createPgDatabase(): Promise<{
  name: string;
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `mesh_test_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_BASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    name,
    url: PG_BASE_URL.replace(/\/test$/, `/${name}`),
    // FORCE: the pooler may still hold an idle server connection to it.
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A temporary directory removed by the returned function. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "mesh-gateway-test-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text sent as is. */
  raw?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

/** Keep-alive connections shared by the tests (faster than fetch under heavy concurrency). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** One HTTP request against a gateway; `token` defaults to the admin token. */
export function call(
  gateway: Pick<RunningGateway, "url">,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? ADMIN_TOKEN : options.token;
  if (token !== null) headers["authorization"] = `Bearer ${token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) {
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${gateway.url}${path}`,
      { method, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = text === "" ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === "string") responseHeaders.set(name, value);
          }
          resolve({ status: response.statusCode ?? 0, headers: responseHeaders, text, json });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

export function register(
  gateway: Pick<RunningGateway, "url">,
  name: string,
  token?: string | null,
) {
  return call(
    gateway,
    "POST",
    "/peers/register",
    token === undefined ? { body: { name } } : { body: { name }, token },
  );
}

export function send(
  gateway: Pick<RunningGateway, "url">,
  message: Record<string, unknown>,
  options: Omit<CallOptions, "body"> = {},
) {
  return call(gateway, "POST", "/messages", {
    ...options,
    body: { kind: "fyi", content: "hello", ...message },
  });
}

/**
 * A starter of gateways on `:memory:` with the admin token and no log (`options` over those),
 * each closed after the test that started it. Call once per file, at its top: it registers the
 * `afterEach`.
 */
export function gatewaysClosedAfterEach(): (options?: GatewayOptions) => Promise<RunningGateway> {
  const running: RunningGateway[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((gateway) => gateway.close()));
  });
  return async (options = {}) => {
    const gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
      ...options,
    });
    running.push(gateway);
    return gateway;
  };
}
