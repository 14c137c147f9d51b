import { existsSync } from "node:fs";
import { CliError } from "@mesh/cli-kit";
import { normalizeNodeName } from "@mesh/names";
import { describeGatewayFailure } from "./describe-gateway-failure.js";
import type { GatewayCliContext } from "./gateway-cli-context.js";
import type { GatewayStorage } from "./gateway-storage.js";
import { checkDatabase, isPostgresUrl, openStorage } from "./open-storage.js";

/** The options every `mesh-gateway token` command takes. */
export interface TokenOptions {
  database?: string;
  /** Create a SQLite database that does not exist (`--create`). */
  create?: boolean;
}

/**
 * Runs a token command on the database it names and the peer's canonical name (aliases resolve
 * as in every command), then closes the database. A SQLite file that does not exist is refused
 * unless `create`: a mistyped `--database` would otherwise mint a token into a new, empty
 * database that no gateway serves. Every failure comes out as `describeGatewayFailure` says.
 */
export async function withTokenStorage<T>(
  context: GatewayCliContext,
  peer: string,
  options: TokenOptions,
  act: (storage: GatewayStorage, canonical: string, database: string) => Promise<T>,
): Promise<T> {
  const database = context.database(options.database);
  let storage: GatewayStorage | undefined;
  try {
    const canonical = normalizeNodeName(peer);
    checkDatabase(database);
    const isFile = !isPostgresUrl(database) && database !== ":memory:";
    if (options.create !== true && isFile && !existsSync(database)) {
      throw new CliError({
        code: "no_database",
        message: `no database at ${database}`,
        hint: `pass the gateway's database with --database (or set MESH_GATEWAY_DATABASE), or add --create to create ${database}`,
      });
    }
    storage = await openStorage(database);
    return await act(storage, canonical, database);
  } catch (error) {
    throw describeGatewayFailure(error, { database });
  } finally {
    await storage?.close();
  }
}
