import { describe } from "vitest";
import { createPgSchema, postgresReachable, tempDir } from "./helpers.js";

export interface Backend {
  name: "sqlite" | "postgres";
  /** A fresh database for one gateway (or several sharing it) and its cleanup. */
  create(): Promise<{ database: string; cleanup: () => Promise<void> }>;
}

const pgUp = await postgresReachable();
if (!pgUp) {
  console.warn(
    "@mesh/gateway tests: PostgreSQL at 127.0.0.1:5432 (db test, user postgres) is unreachable; the PostgreSQL suites are SKIPPED",
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
