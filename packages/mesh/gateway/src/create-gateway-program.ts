import {
  addCompletion,
  type Command,
  createAction,
  createCliProgram,
  type InteractiveCliIo,
  InvalidArgumentError,
  Option,
  type ProgramResult,
} from "@mesh/cli-kit";
import {
  DEFAULT_GATEWAY_DATABASE,
  DEFAULT_GATEWAY_HOST,
  DEFAULT_GATEWAY_PORT,
} from "@mesh/protocol";
import pkg from "../package.json" with { type: "json" };
import { addHelpExamples } from "./add-help-examples.js";
import { createGatewayCliContext, type GatewayGlobalOptions } from "./gateway-cli-context.js";
import { CONTENT_GUARD_MODES, LIMIT_DEFAULTS } from "./limit-defaults.js";
import type { ServeOptions } from "./serve-command.js";
import type { TokenOptions } from "./with-token-storage.js";

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

const DATABASE_HELP = `SQLite file, ':memory:' or postgres:// URL (env MESH_GATEWAY_DATABASE, default ${DEFAULT_GATEWAY_DATABASE})`;
const LISTEN_DATABASE_HELP =
  "behind a transaction-mode pooler (PgBouncer): postgres:// URL of the same database reaching PostgreSQL itself, for LISTEN (env MESH_GATEWAY_LISTEN_DATABASE; default none: new messages are polled for every 250 ms)";
const CREATE_HELP = "create the SQLite database when the file does not exist (default: refuse)";
const PEER_HELP = "peer name (an alias such as 'drop' means its canonical name)";

/**
 * The `mesh-gateway` program (see `createCliProgram` for the exit and output handling). Command
 * modules, and with them the server, load only when a command runs, so `--help` stays fast.
 */
export function createGatewayProgram(io: InteractiveCliIo, result: ProgramResult): Command {
  const program = createCliProgram(io, {
    name: "mesh-gateway",
    description: "The mesh gateway: peer registry and direct messages over HTTP.",
    version: pkg.version,
    helpAfter: `
Exit status: 0 ok (serve: stopped by SIGINT or SIGTERM), 1 failed, 2 usage error.
Settings: flags first, then MESH_GATEWAY_DATABASE and MESH_GATEWAY_LISTEN_DATABASE; the admin token only from MESH_GATEWAY_TOKEN.`,
  })
    .option("--json", "JSON on stdout (start-up event, token results), errors as JSON on stderr")
    // Subcommands inherit this: `mesh-gateway serve --help` lists --json too.
    .configureHelp({ showGlobalOptions: true });

  const action = createAction(result, (command) =>
    createGatewayCliContext(io, command.optsWithGlobals<GatewayGlobalOptions>()),
  );

  program
    .command("serve")
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

  const token = program
    .command("token")
    .description("issue and revoke peer tokens in the gateway's database");
  token
    .command("issue")
    .description("issue a new token for <peer> and print it (shown once; only its hash is stored)")
    .argument("<peer>", PEER_HELP)
    .option("--database <database>", DATABASE_HELP)
    .option("--create", CREATE_HELP)
    .action(
      action(async (context, peer: string, options: TokenOptions) =>
        (await import("./token-issue-command.js")).tokenIssueCommand(context, peer, options),
      ),
    );
  token
    .command("revoke")
    .description("revoke every token of <peer>; exits 1 when it has none")
    .argument("<peer>", PEER_HELP)
    .option("--database <database>", DATABASE_HELP)
    .option("--create", CREATE_HELP)
    .action(
      action(async (context, peer: string, options: TokenOptions) =>
        (await import("./token-revoke-command.js")).tokenRevokeCommand(context, peer, options),
      ),
    );

  addHelpExamples(program);
  addCompletion(program);
  return program;
}
