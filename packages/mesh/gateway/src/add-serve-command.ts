import { type Command, type CommandAction, InvalidArgumentError, Option } from "@mesh/cli-kit";
import {
  DEFAULT_GATEWAY_DATABASE,
  DEFAULT_GATEWAY_HOST,
  DEFAULT_GATEWAY_PORT,
} from "@mesh/protocol";
import type { GatewayCliContext } from "./gateway-cli-context.js";
import { CONTENT_GUARD_MODES, LIMIT_DEFAULTS } from "./limit-defaults.js";
import type { ServeOptions } from "./serve-command.js";

function port(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65_535) {
    throw new InvalidArgumentError("expected an integer from 0 to 65535");
  }
  return Number(value);
}

function count(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a non-negative integer");
  }
  return Number(value);
}

export const DATABASE_HELP = `SQLite file, ':memory:' or postgres:// URL (env MESH_GATEWAY_DATABASE, default ${DEFAULT_GATEWAY_DATABASE})`;
const LISTEN_DATABASE_HELP =
  "behind a transaction-mode pooler (PgBouncer): postgres:// URL of the same database reaching PostgreSQL itself, for LISTEN (env MESH_GATEWAY_LISTEN_DATABASE; default none: new messages are polled for every 250 ms)";

/**
 * Adds the serve command (`mesh-gateway serve`, mounted elsewhere under another `name`, such as
 * `mesh gateway`) to `parent`: its flags, help and action, in one place. The server's modules
 * load only when it runs.
 */
export function addServeCommand(
  parent: Command,
  action: CommandAction<GatewayCliContext>,
  name = "serve",
): Command {
  return parent
    .command(name)
    .description("run the gateway until SIGINT or SIGTERM")
    .option("--host <host>", "interface to bind; 0.0.0.0 for every interface", DEFAULT_GATEWAY_HOST)
    .option("--port <port>", "TCP port; 0 picks a free one", port, DEFAULT_GATEWAY_PORT)
    .option("--database <database>", DATABASE_HELP)
    .option("--listen-database <url>", LISTEN_DATABASE_HELP)
    .option("--quiet", "no request log lines on stdout (default: one JSON line per request)")
    .option("--no-ui", "do not serve the web dashboard at /ui/ (default: served)")
    .option(
      "--insecure-open",
      "allow open mode (no MESH_GATEWAY_TOKEN) on a host beyond loopback: anyone who reaches the port reads and sends every message (default: refused)",
    )
    .option(
      "--allow-host <name>",
      "in open mode, also answer requests whose Host is this name (repeatable; default only localhost, 127.0.0.1, [::1])",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      "--rate-limit <n>",
      "requests per minute per peer token; 0 = off, the admin token is exempt",
      count,
      LIMIT_DEFAULTS.rateLimitPerMinute,
    )
    .addOption(
      new Option(
        "--content-guard <mode>",
        "server-side check of DM content: tokens refuses the gateway's own live tokens, refuse also every credential rule, off checks nothing",
      )
        .choices(CONTENT_GUARD_MODES)
        .default(LIMIT_DEFAULTS.contentGuard),
    )
    .addHelpText(
      "after",
      "\nThe admin token comes from MESH_GATEWAY_TOKEN only (a flag would show it in the\nprocess list); without one the gateway runs in open mode: every request is allowed.",
    )
    .action(
      action(async (context, options: ServeOptions) =>
        (await import("./serve-command.js")).serveCommand(context, options),
      ),
    );
}
