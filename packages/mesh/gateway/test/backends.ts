import { runningInCi } from "@mesh/cli-kit/testing";
import { afterAll, describe } from "vitest";
import type { WakeupSource } from "../src/index.js";
import {
  createPgDatabase,
  createPgSchema,
  PG_BASE_URL,
  postgresReachable,
  tempDir,
} from "./helpers.js";
import { findPgBouncer, type PgBouncer, startPgBouncer } from "./pgbouncer.js";

export interface Backend {
  name: "sqlite" | "postgres";
  /** The name in test titles: the back end, and for PostgreSQL how it is reached. */
  title: string;
  /** What wakes long-polls and streams on it. */
  wakeups: WakeupSource;
  /**
   * A fresh database for one gateway (or several sharing it) and its cleanup; `listenDatabase`
   * is the direct URL for `LISTEN` when the back end has one.
   */
  create(): Promise<{ database: string; listenDatabase?: string; cleanup: () => Promise<void> }>;
}

/** Fails the run in CI, where a silent skip would pass a run that never tested the suite. */
function unavailable(problem: string, remedy: string): void {
  if (runningInCi()) {
    throw new Error(
      `@mesh/gateway tests: ${problem}. CI is set, so this fails the run: ${remedy}, or unset CI to skip those suites locally.`,
    );
  }
  console.warn(
    `\n${"!".repeat(100)}\n@mesh/gateway tests: ${problem}; they are SKIPPED. ${remedy} to run them (with CI set, this is an error).\n${"!".repeat(100)}\n`,
  );
}

const pgUp = await postgresReachable();
if (!pgUp) {
  unavailable(
    `PostgreSQL at ${PG_BASE_URL} is unreachable, so the gateway's PostgreSQL suites cannot run`,
    "start PostgreSQL (.ci/run does)",
  );
}
const pgbouncerPath = pgUp ? findPgBouncer() : undefined;
if (pgUp && pgbouncerPath === undefined) {
  unavailable(
    "pgbouncer is not installed, so the PostgreSQL suites behind a transaction-mode pooler cannot run",
    "install it (apt-get install pgbouncer; .ci/run does)",
  );
}

/** This file's PgBouncer, started by the first test that needs it, stopped after the file. */
let bouncer: Promise<PgBouncer> | undefined;
const pooler = (): Promise<PgBouncer> => {
  bouncer ??= startPgBouncer(pgbouncerPath!);
  return bouncer;
};
afterAll(async () => {
  await (await bouncer?.catch(() => undefined))?.stop();
});

/** PostgreSQL through PgBouncer in transaction mode, with or without the direct listen URL. */
function pooledBackend(directListen: boolean): Backend {
  return {
    name: "postgres",
    title: directListen ? "postgres via pgbouncer, direct listen" : "postgres via pgbouncer",
    wakeups: directListen ? "listen" : "poll",
    async create() {
      const db = await createPgDatabase();
      try {
        const database = (await pooler()).url(db.name);
        return directListen
          ? { database, listenDatabase: db.url, cleanup: db.drop }
          : { database, cleanup: db.drop };
      } catch (error) {
        await db.drop();
        throw error;
      }
    },
  };
}

const POSTGRES: Backend = {
  name: "postgres",
  title: "postgres",
  wakeups: "listen",
  async create() {
    const schema = await createPgSchema();
    return { database: schema.url, cleanup: schema.drop };
  },
};

type BackendEntry = { backend: Backend; describe: typeof describe };
const skipped = describe.skip as typeof describe;

export const BACKENDS: ReadonlyArray<BackendEntry> = [
  {
    backend: {
      name: "sqlite",
      title: "sqlite",
      wakeups: "process",
      async create() {
        const temp = tempDir();
        return { database: `${temp.dir}/gateway.db`, cleanup: async () => temp.remove() };
      },
    },
    describe,
  },
  { backend: POSTGRES, describe: pgUp ? describe : skipped },
];

/**
 * PostgreSQL through a transaction-mode PgBouncer, without and with a direct listen URL: the
 * suites that must hold behind a pooler (conformance, streams and long-polls, two gateways)
 * run on these too.
 */
export const POOLED_BACKENDS: ReadonlyArray<BackendEntry> = [false, true].map((directListen) => ({
  backend: pooledBackend(directListen),
  describe: pgbouncerPath !== undefined ? describe : skipped,
}));

/** Every PostgreSQL way: direct, then the pooled ones. */
export const POSTGRES_BACKENDS: ReadonlyArray<BackendEntry> = [BACKENDS[1]!, ...POOLED_BACKENDS];

export const POSTGRES_REACHABLE = pgUp;
