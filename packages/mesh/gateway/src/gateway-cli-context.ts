import type { InteractiveCliIo } from "@mesh/cli-kit";
import { DEFAULT_GATEWAY_DATABASE } from "@mesh/protocol";

/** The global options of `mesh-gateway`, as commander parsed them. */
export interface GatewayGlobalOptions {
  json?: boolean;
}

/** What every `mesh-gateway` command gets. */
export interface GatewayCliContext {
  io: InteractiveCliIo;
  /** `--json`: results and the start-up event as JSON lines on stdout. */
  json: boolean;
  /** The database to use: `--database` (`flag`), else `MESH_GATEWAY_DATABASE`, else `.mesh/gateway.db`. */
  database(flag: string | undefined): string;
}

export function createGatewayCliContext(
  io: InteractiveCliIo,
  globals: GatewayGlobalOptions,
): GatewayCliContext {
  return {
    io,
    json: globals.json === true,
    database: (flag) => flag ?? io.env["MESH_GATEWAY_DATABASE"] ?? DEFAULT_GATEWAY_DATABASE,
  };
}
