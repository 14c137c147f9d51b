import type { GatewayStorage } from "./gateway-storage.js";
import { openPostgresStorage } from "./postgres-storage.js";
import { openSqliteStorage } from "./sqlite-storage.js";

/** Whether a `database` option names a PostgreSQL database. */
export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/**
 * Opens the storage a `database` option names: a `postgres://` (or `postgresql://`) URL,
 * `':memory:'`, or a SQLite file path (its directory is created). Migrations run before it resolves.
 */
export async function openStorage(database: string): Promise<GatewayStorage> {
  return isPostgresUrl(database) ? openPostgresStorage(database) : openSqliteStorage(database);
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
