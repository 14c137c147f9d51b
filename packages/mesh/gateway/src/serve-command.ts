import { CliError, EXIT_OK } from "@mesh/cli-kit";
import type { ContentGuardMode } from "./content-guard.js";
import { describeGatewayFailure } from "./describe-gateway-failure.js";
import type { GatewayCliContext } from "./gateway-cli-context.js";
import type { GatewayLogEntry, GatewayLogger } from "./request-logger.js";
import { type RunningGateway, startGateway } from "./start-gateway.js";

/** The options of `mesh-gateway serve`, as commander parsed them. */
export interface ServeOptions {
  host: string;
  port: number;
  database?: string;
  /** `--listen-database`: the direct URL for `LISTEN` behind a pooler. */
  listenDatabase?: string;
  quiet?: boolean;
  insecureOpen?: boolean;
  /** `false` with `--no-ui`. */
  ui: boolean;
  rateLimit: number;
  contentGuard: ContentGuardMode;
  /** `--allow-host`, repeatable: host names answered in open mode besides loopback. */
  allowHost?: string[];
}

/**
 * `mesh-gateway serve`: runs the gateway until SIGINT or SIGTERM, then lets in-flight requests
 * finish, closes it and exits 0. The banner (address, database, dashboard, auth mode) goes to
 * stderr, the request log to stdout as JSON lines; with `--json` the first line on stdout is
 * `{ "event": "listening", "url", "listenUrl", "database", "authMode", "wakeups" }`. The admin token is
 * `MESH_GATEWAY_TOKEN`; without one the gateway runs in open mode.
 */
export async function serveCommand(
  context: GatewayCliContext,
  options: ServeOptions,
): Promise<number> {
  const { io } = context;
  const database = context.database(options.database);
  const listenDatabase =
    options.listenDatabase ?? blankless(io.env["MESH_GATEWAY_LISTEN_DATABASE"]);
  // With --json, log lines written during start-up (the open-mode warning) wait until the
  // `listening` event is out, so that it is the first line. Without, pino writes to stdout
  // itself, buffered, which a busy gateway needs.
  let held: GatewayLogEntry[] | undefined = [];
  const writeEntry = (entry: GatewayLogEntry) => io.stdout.write(`${JSON.stringify(entry)}\n`);
  const logger: GatewayLogger =
    options.quiet === true
      ? false
      : context.json
        ? (entry) => (held === undefined ? writeEntry(entry) : held.push(entry))
        : true;
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({
      host: options.host,
      port: options.port,
      database,
      listenDatabase,
      adminToken: io.env["MESH_GATEWAY_TOKEN"] ?? null,
      insecureOpen: options.insecureOpen === true,
      ui: options.ui,
      rateLimitPerMinute: options.rateLimit,
      contentGuard: options.contentGuard,
      allowedHosts: options.allowHost ?? [],
      logger,
    });
  } catch (error) {
    throw describeGatewayFailure(error, { database, host: options.host });
  }
  // Registered at once: a signal from now on stops the server rather than killing the process.
  const stopped = new Promise<string>((resolve) => {
    const release = io.onInterrupt((signal) => {
      release();
      resolve(signal);
    });
  });
  io.stderr.write(banner(gateway, options.ui));
  if (context.json) {
    const { url, listenUrl, authMode, wakeups } = gateway;
    const event = {
      event: "listening",
      url,
      listenUrl,
      database: gateway.database,
      authMode,
      wakeups,
    };
    io.stdout.write(`${JSON.stringify(event)}\n`);
  }
  const startup = held;
  held = undefined;
  for (const entry of startup) writeEntry(entry);

  const signal = await stopped;
  io.stderr.write(`mesh-gateway: ${signal}, finishing in-flight requests\n`);
  try {
    await gateway.close();
  } catch (error) {
    const failure = describeGatewayFailure(error, { database });
    throw new CliError({ message: `unclean stop: ${failure.message}` });
  }
  io.stderr.write("mesh-gateway stopped\n");
  return EXIT_OK;
}

const POLL_NOTE =
  "polling every 250 ms (PostgreSQL is reached through a connection pooler and no direct --listen-database is set, so LISTEN/NOTIFY cannot work)";

/** A blank environment value counts as unset. */
function blankless(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function banner(gateway: RunningGateway, ui: boolean): string {
  const reach = gateway.listenUrl === gateway.url ? "" : ` (from this machine: ${gateway.url})`;
  const auth =
    gateway.authMode === "admin"
      ? "admin token (MESH_GATEWAY_TOKEN) and issued peer tokens"
      : "open mode (no MESH_GATEWAY_TOKEN): every request is allowed";
  return `mesh-gateway listening on ${gateway.listenUrl}${reach}
  database: ${gateway.database}
${gateway.wakeups === "poll" ? `  wake-ups: ${POLL_NOTE}\n` : ""}${ui ? `  dashboard: ${gateway.url}/ui/\n` : ""}  auth: ${auth}
  Ctrl-C stops
`;
}
