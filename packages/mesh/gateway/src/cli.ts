#!/usr/bin/env node
import { Command, InvalidArgumentError, Option } from "commander";
import type { ContentGuardMode } from "./content-guard.js";
import { describeDatabase, openStorage } from "./open-storage.js";
import { issuePeerToken, startGateway } from "./start-gateway.js";

const DEFAULT_DATABASE = ".mesh/gateway.db";

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new InvalidArgumentError("expected an integer from 0 to 65535");
  }
  return port;
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a non-negative integer");
  }
  return Number(value);
}

interface ServeOptions {
  host: string;
  port: number;
  database?: string;
  quiet?: boolean;
  rateLimit: number;
  contentGuard: ContentGuardMode;
}

const databaseDefault = () => process.env["MESH_GATEWAY_DATABASE"] ?? DEFAULT_DATABASE;

const program = new Command("mesh-gateway")
  .description("The mesh gateway: peer registry and direct messages over HTTP")
  .showHelpAfterError()
  .exitOverride((error) => {
    process.exit(error.exitCode === 0 ? 0 : 2);
  });

program
  .command("serve")
  .description("run the gateway until SIGINT or SIGTERM")
  .option("--host <host>", "interface to bind", "127.0.0.1")
  .option("--port <port>", "TCP port (0 picks a free one)", parsePort, 8788)
  .option(
    "--database <database>",
    "SQLite file, ':memory:' or postgres:// URL (env MESH_GATEWAY_DATABASE)",
  )
  .option("--quiet", "no request log lines on stdout")
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
    const gateway = await startGateway({
      host: options.host,
      port: options.port,
      database,
      logger: options.quiet !== true,
      rateLimitPerMinute: options.rateLimit,
      contentGuard: options.contentGuard,
    });
    // The banner goes to stderr so stdout carries only the JSON request log.
    process.stderr.write(
      `mesh-gateway listening on ${gateway.url}\n` +
        `  database: ${gateway.database}\n` +
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

token
  .command("issue")
  .description("issue a new token for <peer> and print it (shown once; only its hash is stored)")
  .argument("<peer>", "peer name")
  .option("--database <database>", "SQLite file or postgres:// URL (env MESH_GATEWAY_DATABASE)")
  .action(async (peer: string, options: { database?: string }) => {
    const database = options.database ?? databaseDefault();
    const storage = await openStorage(database);
    try {
      const issued = await issuePeerToken(storage, peer);
      process.stderr.write(
        `token for peer '${peer}' in ${describeDatabase(database)}; store it now, it is not shown again\n`,
      );
      process.stdout.write(`${issued}\n`);
    } catch (error) {
      process.stderr.write(
        `mesh-gateway: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = error instanceof TypeError ? 2 : 1;
    } finally {
      await storage.close();
    }
  });

token
  .command("revoke")
  .description("revoke every token of <peer>")
  .argument("<peer>", "peer name")
  .option("--database <database>", "SQLite file or postgres:// URL (env MESH_GATEWAY_DATABASE)")
  .action(async (peer: string, options: { database?: string }) => {
    const storage = await openStorage(options.database ?? databaseDefault());
    try {
      process.stdout.write(`revoked ${await storage.revokeTokens(peer)} token(s) of '${peer}'\n`);
    } finally {
      await storage.close();
    }
  });

program.parseAsync().catch((error: unknown) => {
  process.stderr.write(`mesh-gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
