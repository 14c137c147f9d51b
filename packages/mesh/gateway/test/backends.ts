import { runningInCi } from "@mesh/cli-kit/testing";
import { describe } from "vitest";
import { createPgSchema, PG_BASE_URL, postgresReachable, tempDir } from "./helpers.js";

export interface Backend {
  name: "sqlite" | "postgres";
  /** A fresh database for one gateway (or several sharing it) and its cleanup. */
  create(): Promise<{ database: string; cleanup: () => Promise<void> }>;
}

const pgUp = await postgresReachable();
if (!pgUp) {
  const problem = `PostgreSQL at ${PG_BASE_URL} is unreachable, so the gateway's PostgreSQL suites cannot run`;
  // In CI a silent skip would pass a run that never tested one of the two back ends.
  if (runningInCi()) {
    throw new Error(
      `@mesh/gateway tests: ${problem}. CI is set, so this fails the run: start PostgreSQL (.ci/run does) or unset CI to skip those suites locally.`,
    );
  }
  console.warn(
    `\n${"!".repeat(100)}\n@mesh/gateway tests: ${problem}; they are SKIPPED. Start PostgreSQL to run them (with CI set, this is an error).\n${"!".repeat(100)}\n`,
  );
}

export const BACKENDS: ReadonlyArray<{ backend: Backend; describe: typeof describe }> = [
  {
    backend: {
      name: "sqlite",
      async create() {
        const temp = tempDir();
        return { database: `${temp.dir}/gateway.db`, cleanup: async () => temp.remove() };
      },
    },
    describe,
  },
  {
    backend: {
      name: "postgres",
      async create() {
        const schema = await createPgSchema();
        return { database: schema.url, cleanup: schema.drop };
      },
    },
    describe: pgUp ? describe : (describe.skip as typeof describe),
  },
];

export const POSTGRES_REACHABLE = pgUp;
