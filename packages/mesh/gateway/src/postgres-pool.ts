import pg from "pg";
import { postgresTypes } from "./postgres-timestamp.js";

/** Connections of one gateway's pool at most. */
const POOL_SIZE = 10;

export interface PostgresPool {
  pool: pg.Pool;
  /**
   * Turns named prepared statements on (a connection known to reach PostgreSQL itself) or off.
   * Off, the default, every statement goes unnamed, whatever name its query config carries.
   */
  usePreparedStatements(on: boolean): void;
}

/**
 * A `pg` pool whose clients send named prepared statements only while allowed: through a
 * transaction-mode pooler (PgBouncer's `pool_mode = transaction`) consecutive transactions of
 * one client reach different server connections, so a statement prepared on one is missing on
 * the next, or already there (`42P05`). Every query of the storage goes through this one
 * switch, so a new query cannot forget it.
 */
export function createPostgresPool(connectionString: string): PostgresPool {
  let prepared = false;
  class StatementClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of `query` unchanged
    override query(config: any, ...rest: any[]): any {
      if (!prepared && typeof config === "object" && config !== null && "name" in config) {
        const { name: _name, ...unnamed } = config as pg.QueryConfig;
        return pg.Client.prototype.query.apply(this, [unnamed, ...rest] as never);
      }
      return pg.Client.prototype.query.apply(this, [config, ...rest] as never);
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    types: postgresTypes,
    Client: StatementClient,
  });
  return {
    pool,
    usePreparedStatements(on) {
      prepared = on;
    },
  };
}

/**
 * Whether `client` talks to PostgreSQL itself rather than to a pooler: the process id that
 * PostgreSQL announced at start-up (BackendKeyData) is the backend that runs its queries.
 * A pooler (PgBouncer, Supavisor, PgCat, Odyssey, RDS Proxy) hands out a key of its own, so
 * that it can route cancel requests, and the two differ. Unknown counts as not direct.
 */
export async function isDirectConnection(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  // `processID` is the key's process id as the driver received it (not in @types/pg).
  const announced = (client as { processID?: unknown }).processID;
  return typeof announced === "number" && announced === rows[0]?.pid;
}
