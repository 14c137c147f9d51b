import { CliError, EXIT_OK } from "@mesh/cli-kit";
import { DEFAULT_GATEWAY_DATABASE } from "@mesh/protocol";
import type { CommandContext } from "./command-context.js";
import { requireInstalled } from "./require-installed.js";

export interface GatewayCommandOptions {
  host: string;
  port: number;
  database?: string;
  quiet?: boolean;
  /** Allow open mode on a host beyond loopback (`--insecure-open`); refused otherwise. */
  insecureOpen?: boolean;
}

/**
 * `mesh gateway`: runs the gateway server until SIGINT or SIGTERM, then closes it cleanly and
 * exits 0. The banner (address, database, auth mode) goes to stderr, request logs to stdout as
 * JSON lines; with `--json` the banner is also a JSON line on stdout:
 * `{ "event": "listening", "url", "database", "authMode" }`. The admin token is `--token`, else
 * `MESH_GATEWAY_TOKEN`; without one the gateway runs in open mode. `@mesh/gateway` is an optional
 * peer dependency: without it the command says how to install it.
 */
export async function gatewayCommand(
  context: CommandContext,
  options: GatewayCommandOptions,
): Promise<number> {
  const { io, err } = context;
  requireInstalled("@mesh/gateway", "mesh gateway");
  const { startGateway } = await import("@mesh/gateway");
  const database = options.database ?? io.env["MESH_GATEWAY_DATABASE"] ?? DEFAULT_GATEWAY_DATABASE;
  // Log lines written during start-up (the open-mode warning) wait until the banner is out, so
  // that with --json the `listening` event is the first line, as documented.
  let held: unknown[] | undefined = [];
  const writeEntry = (entry: unknown) => io.stdout.write(`${JSON.stringify(entry)}\n`);
  const gateway = await startGateway({
    host: options.host,
    port: options.port,
    database,
    adminToken: context.settings.token ?? null,
    insecureOpen: options.insecureOpen === true,
    logger:
      options.quiet === true
        ? false
        : (entry) => {
            if (held === undefined) writeEntry(entry);
            else held.push(entry);
          },
  }).catch((error: unknown) => {
    throw describeStartFailure(error, database) ?? error;
  });
  // Registered at once: a signal from now on stops the server rather than killing the process.
  const stopped = new Promise<string>((resolve) => {
    const release = io.onInterrupt((signal) => {
      release();
      resolve(signal);
    });
  });
  const auth =
    gateway.authMode === "admin"
      ? "admin token (MESH_GATEWAY_TOKEN) and issued peer tokens"
      : "open mode (no MESH_GATEWAY_TOKEN): every request is allowed";
  const reach = gateway.listenUrl === gateway.url ? "" : ` (from this machine: ${gateway.url})`;
  context.note(
    `${err.green("mesh gateway listening on")} ${err.bold(gateway.listenUrl)}${reach}\n  database: ${gateway.database}\n  auth: ${auth}\n  ${err.dim("Ctrl-C stops")}`,
  );
  if (context.json) {
    context.printJson({
      event: "listening",
      url: gateway.url,
      database: gateway.database,
      authMode: gateway.authMode,
    });
  }
  const startup = held;
  held = undefined;
  for (const entry of startup) writeEntry(entry);
  const signal = await stopped;
  context.note(err.dim(`mesh gateway: ${signal}, finishing in-flight requests`));
  await gateway.close();
  context.note(err.dim("mesh gateway: stopped"));
  return EXIT_OK;
}

const SQLITE_NOTADB = 26;
const PG_INVALID_CATALOG_NAME = "3D000";
const DATABASE_SETTING = "--database (or MESH_GATEWAY_DATABASE)";

/**
 * The start-up failures an operator fixes by a flag, told apart by the error's fields. The
 * database is named only when it is a file: a PostgreSQL URL may carry a password.
 */
function describeStartFailure(error: unknown, database: string): CliError | undefined {
  const { code, errcode, port, address } = (
    typeof error === "object" && error !== null ? error : {}
  ) as { code?: unknown; errcode?: unknown; port?: unknown; address?: unknown };
  if (code === "EADDRINUSE") {
    return new CliError({
      message: `port ${String(port)} on ${String(address)} is already in use`,
      hint: "stop what listens there (another gateway?), or pass another --port (0 picks a free one)",
    });
  }
  if (code === "ERR_SQLITE_ERROR" && errcode === SQLITE_NOTADB) {
    return new CliError({
      message: `${database} is not a SQLite database (file is not a database)`,
      hint: `point ${DATABASE_SETTING} at the gateway's database file, or at a new path to create one`,
    });
  }
  if (code === PG_INVALID_CATALOG_NAME) {
    return new CliError({
      message: (error as Error).message,
      hint: `create the database first (\`createdb <name>\`), or point ${DATABASE_SETTING} at one that exists`,
    });
  }
  return undefined;
}
