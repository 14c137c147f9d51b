#!/usr/bin/env node
import { existsSync } from "node:fs";
import { addCompletion, addExamples } from "@mesh/cli-kit";
import { MeshValidationError } from "@mesh/errors";
import { normalizeNodeName } from "@mesh/names";
import {
  DEFAULT_GATEWAY_DATABASE,
  DEFAULT_GATEWAY_HOST,
  DEFAULT_GATEWAY_PORT,
} from "@mesh/protocol";
import { Command, InvalidArgumentError, Option } from "commander";
import type { ContentGuardMode } from "./content-guard.js";
import type { GatewayStorage } from "./gateway-storage.js";
import { checkDatabase, describeDatabase, isPostgresUrl, openStorage } from "./open-storage.js";
import { issuePeerToken, type RunningGateway, startGateway } from "./start-gateway.js";

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new InvalidArgumentError("expected an integer from 0 to 65535");
  }
  return port;
}

const databaseDefault = () => process.env["MESH_GATEWAY_DATABASE"] ?? DEFAULT_GATEWAY_DATABASE;

/** A failure the user fixes by running the command differently: exit code 2. */
function isUsageError(error: unknown): boolean {
  return error instanceof MeshValidationError || error instanceof TypeError;
}

function fail(error: unknown): void {
  process.stderr.write(`mesh-gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = isUsageError(error) ? 2 : 1;
}

/**
 * Opens the database a token command names. A SQLite file that does not exist is refused
 * unless `create`: a mistyped `--database` would otherwise mint a token into a new, empty
 * database that no gateway serves.
 */
async function openForTokens(database: string, create: boolean): Promise<GatewayStorage> {
  checkDatabase(database);
  if (!create && !isPostgresUrl(database) && database !== ":memory:" && !existsSync(database)) {
    throw new Error(
      `no database at ${database}: give the gateway's database with --database (or MESH_GATEWAY_DATABASE), or pass --create to create ${database}`,
    );
  }
  return openStorage(database);
}

/** Runs a token command on the peer's canonical name (aliases resolved as by every command). */
async function withTokenStorage(
  peer: string,
  options: { database?: string; create?: boolean },
  act: (storage: GatewayStorage, canonical: string, database: string) => Promise<void>,
): Promise<void> {
  const database = options.database ?? databaseDefault();
  let storage: GatewayStorage | undefined;
  try {
    const canonical = normalizeNodeName(peer);
    storage = await openForTokens(database, options.create === true);
    await act(storage, canonical, database);
  } catch (error) {
    fail(error);
  } finally {
    await storage?.close();
  }
}

function banner(gateway: RunningGateway): string {
  const reach = gateway.listenUrl === gateway.url ? "" : ` (from this machine: ${gateway.url})`;
  return `mesh-gateway listening on ${gateway.listenUrl}${reach}\n`;
}

interface ServeOptions {
  host: string;
  port: number;
  database?: string;
  quiet?: boolean;
  insecureOpen?: boolean;
  /** `false` with `--no-ui`. */
  ui: boolean;
  rateLimit: number;
  contentGuard: ContentGuardMode;
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a non-negative integer");
  }
  return Number(value);
}

const program = new Command("mesh-gateway")
  .description("The mesh gateway: peer registry and direct messages over HTTP")
  .showHelpAfterError()
  .exitOverride((error) => {
    process.exit(error.exitCode === 0 ? 0 : 2);
  });

program
  .command("serve")
  .description("run the gateway until SIGINT or SIGTERM")
  .option("--host <host>", "interface to bind", DEFAULT_GATEWAY_HOST)
  .option("--port <port>", "TCP port (0 picks a free one)", parsePort, DEFAULT_GATEWAY_PORT)
  .option(
    "--database <database>",
    "SQLite file, ':memory:' or postgres:// URL (env MESH_GATEWAY_DATABASE)",
  )
  .option("--quiet", "no request log lines on stdout")
  .option("--no-ui", "do not serve the web dashboard at /ui/")
  .option(
    "--insecure-open",
    "allow open mode (no MESH_GATEWAY_TOKEN) on a host beyond loopback: anyone who reaches the port reads and sends every message",
  )
  .option(
    "--rate-limit <n>",
    "requests per minute per peer token (0 = off; the admin token is exempt)",
    parseCount,
    1200,
  )
  .addOption(
    new Option("--content-guard <mode>", "server-side check of DM content")
      .choices(["tokens", "refuse", "off"])
      .default("tokens"),
  )
  .action(async (options: ServeOptions) => {
    const database = options.database ?? databaseDefault();
    let gateway: RunningGateway;
    try {
      gateway = await startGateway({
        host: options.host,
        port: options.port,
        database,
        logger: options.quiet !== true,
        insecureOpen: options.insecureOpen === true,
        ui: options.ui,
        rateLimitPerMinute: options.rateLimit,
        contentGuard: options.contentGuard,
      });
    } catch (error) {
      fail(error);
      return;
    }
    // The banner goes to stderr so stdout carries only the JSON request log.
    process.stderr.write(
      banner(gateway) +
        `  database: ${gateway.database}\n` +
        (options.ui ? `  dashboard: ${gateway.url}/ui/\n` : "") +
        `  auth: ${
          gateway.authMode === "admin"
            ? "admin token (MESH_GATEWAY_TOKEN) and issued peer tokens"
            : "open mode (no MESH_GATEWAY_TOKEN): every request is allowed"
        }\n`,
    );
    const stop = (signal: string) => {
      process.stderr.write(`mesh-gateway: ${signal}, finishing in-flight requests\n`);
      gateway.close().then(
        () => {
          process.stderr.write("mesh-gateway stopped\n");
          process.exit(0);
        },
        (error: unknown) => {
          process.stderr.write(`mesh-gateway: unclean stop: ${String(error)}\n`);
          process.exit(1);
        },
      );
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });

const token = program.command("token").description("manage peer tokens in the database");

const DATABASE_HELP = "SQLite file or postgres:// URL (env MESH_GATEWAY_DATABASE)";
const CREATE_HELP = "create the SQLite database when the file does not exist";

token
  .command("issue")
  .description("issue a new token for <peer> and print it (shown once; only its hash is stored)")
  .argument("<peer>", "peer name (an alias such as 'drop' means its canonical name)")
  .option("--database <database>", DATABASE_HELP)
  .option("--create", CREATE_HELP)
  .action((peer: string, options: { database?: string; create?: boolean }) =>
    withTokenStorage(peer, options, async (storage, canonical, database) => {
      const issued = await issuePeerToken(storage, canonical);
      process.stderr.write(
        `token for peer '${canonical}' in ${describeDatabase(database)}; store it now, it is not shown again\n`,
      );
      process.stdout.write(`${issued}\n`);
    }),
  );

token
  .command("revoke")
  .description("revoke every token of <peer>; exits 1 when it has none")
  .argument("<peer>", "peer name (an alias such as 'drop' means its canonical name)")
  .option("--database <database>", DATABASE_HELP)
  .option("--create", CREATE_HELP)
  .action((peer: string, options: { database?: string; create?: boolean }) =>
    withTokenStorage(peer, options, async (storage, canonical, database) => {
      const revoked = await storage.revokeTokens(canonical);
      if (revoked === 0) {
        throw new Error(
          `peer '${canonical}' has no token in ${describeDatabase(database)}; nothing revoked`,
        );
      }
      process.stdout.write(`revoked ${revoked} token(s) of '${canonical}'\n`);
    }),
  );

addExamples(program.commands.find((command) => command.name() === "serve") ?? program, [
  { command: "mesh-gateway serve", description: "serve on the default port and database" },
  {
    command: "MESH_GATEWAY_TOKEN=$(openssl rand -hex 32) mesh-gateway serve --host 0.0.0.0",
    description: "serve the network with an admin token",
  },
]);
addExamples(token, [
  { command: "mesh-gateway token issue alice", description: "a token for peer alice" },
  {
    command: "mesh-gateway token revoke alice --database gateway.db",
    description: "revoke alice's tokens",
  },
]);
addCompletion(program);

program.parseAsync().catch((error: unknown) => {
  process.stderr.write(`mesh-gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
