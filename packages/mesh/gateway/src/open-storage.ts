import { MeshValidationError } from "@mesh/errors";
import type { GatewayStorage } from "./gateway-storage.js";
import { openSqliteStorage } from "./sqlite-storage.js";
import { StorageError } from "./storage-error.js";

/** Whether a `database` option names a PostgreSQL database. */
export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

const ACCEPTED_FORMS =
  "a SQLite file path (such as .mesh/gateway.db), ':memory:', or a postgres:// or postgresql:// URL";

/**
 * Throws a `MeshValidationError` (code `invalid_database`) listing the accepted forms unless
 * `database` is one of them: anything else with a URL scheme (`mysql://…`, a misspelt
 * `postgress://…`) would otherwise become a SQLite file of that name. Opens and creates nothing.
 */
export function checkDatabase(database: unknown): asserts database is string {
  if (typeof database !== "string" || database.trim() === "") {
    throw new MeshValidationError({
      message: `the database is empty; give ${ACCEPTED_FORMS}`,
      code: "invalid_database",
    });
  }
  // Two letters at least, so that a Windows drive (`C:\…`) stays a path. The value itself is
  // not echoed: a URL may carry a password.
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]+):/.exec(database)?.[1];
  if (scheme !== undefined && !isPostgresUrl(database)) {
    throw new MeshValidationError({
      message: `the database '${scheme}:…' is not one the gateway can open; give ${ACCEPTED_FORMS}`,
      code: "invalid_database",
    });
  }
}

/** Options of `openStorage`. */
export interface OpenStorageOptions {
  /**
   * PostgreSQL only: a `postgres://` URL of the same database reaching PostgreSQL itself, for
   * the one `LISTEN` connection of a gateway whose `database` is a transaction-mode pooler.
   * Default: none (behind a pooler, new messages are then polled for every 250 ms).
   */
  listenDatabase?: string | undefined;
}

/**
 * Opens the storage a `database` option names: a `postgres://` (or `postgresql://`) URL,
 * `':memory:'`, or a SQLite file path (its directory is created). Migrations run before it
 * resolves. Any other value throws (see `checkDatabase`) before anything is created.
 */
export async function openStorage(
  database: string,
  options: OpenStorageOptions = {},
): Promise<GatewayStorage> {
  checkDatabase(database);
  checkListenDatabase(database, options.listenDatabase);
  return isPostgresUrl(database) ? openPostgres(database, options) : openSqliteStorage(database);
}

/**
 * Throws a `MeshValidationError` (code `invalid_listen_database`) unless `listenDatabase` is
 * absent, or a PostgreSQL URL beside a PostgreSQL `database`.
 */
export function checkListenDatabase(database: string, listenDatabase: unknown): void {
  if (listenDatabase === undefined) return;
  if (typeof listenDatabase !== "string" || !isPostgresUrl(listenDatabase)) {
    throw new MeshValidationError({
      message:
        "the listen database is not a postgres:// or postgresql:// URL; give the URL of the gateway's PostgreSQL database reached directly, not through the pooler",
      code: "invalid_listen_database",
    });
  }
  if (!isPostgresUrl(database)) {
    throw new MeshValidationError({
      message:
        "a listen database only applies to a PostgreSQL database; drop it, or give a postgres:// database",
      code: "invalid_listen_database",
    });
  }
}

/**
 * Loads the PostgreSQL storage, and with it `pg` (an optional peer dependency), only for a
 * PostgreSQL URL: a SQLite gateway installs and loads no driver.
 */
async function openPostgres(url: string, options: OpenStorageOptions): Promise<GatewayStorage> {
  let module: typeof import("./postgres-storage.js");
  try {
    module = await import("./postgres-storage.js");
  } catch (error) {
    if (isMissingPg(error)) {
      throw new StorageError({
        code: "driver_missing",
        message:
          "a postgres:// database needs the PostgreSQL driver: install the pg package beside @mesh/gateway (npm install pg)",
        cause: error,
      });
    }
    throw error;
  }
  return module.openPostgresStorage(url, options);
}

/** Whether a failed import is Node's "cannot find package 'pg'". */
export function isMissingPg(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "ERR_MODULE_NOT_FOUND" && typeof message === "string" && /package 'pg'/.test(message)
  );
}

/** The database for printing: a URL loses its password. */
export function describeDatabase(database: string): string {
  if (!isPostgresUrl(database)) return `sqlite ${database}`;
  try {
    const url = new URL(database);
    if (url.password !== "") url.password = "***";
    return `postgres ${url.toString()}`;
  } catch {
    return "postgres (unparsable URL)";
  }
}
