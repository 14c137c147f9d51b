import {
  addCompletion,
  type Command,
  createAction,
  createCliProgram,
  type InteractiveCliIo,
  type ProgramResult,
} from "@mesh/cli-kit";
import pkg from "../package.json" with { type: "json" };
import { addHelpExamples } from "./add-help-examples.js";
import { addServeCommand, DATABASE_HELP } from "./add-serve-command.js";
import { createGatewayCliContext, type GatewayGlobalOptions } from "./gateway-cli-context.js";
import type { TokenOptions } from "./with-token-storage.js";

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

  addServeCommand(program, action);

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
