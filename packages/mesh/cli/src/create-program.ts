import {
  addCompletion,
  type Command,
  createAction,
  createCliProgram,
  type InteractiveCliIo,
  type ProgramResult,
} from "@mesh/cli-kit";
import { DEFAULT_GATEWAY_URL } from "@mesh/protocol";
import pkg from "../package.json" with { type: "json" };
import { addHelpExamples } from "./add-help-examples.js";
import { addInboxCommands } from "./add-inbox-commands.js";
import { addMessageCommands } from "./add-message-commands.js";
import { addPeerCommands } from "./add-peer-commands.js";
import { addSendCommand } from "./add-send-command.js";
import { addToolCommands } from "./add-tool-commands.js";
import { createContext, type GlobalOptions } from "./command-context.js";

/**
 * The `mesh` program (see `createCliProgram` for the exit and output handling). Command modules
 * load lazily so that `--help` stays fast.
 */
export function createProgram(io: InteractiveCliIo, result: ProgramResult): Command {
  const program = createCliProgram(io, {
    name: "mesh",
    description:
      "Talk to the mesh gateway: peers, direct messages, inbox watch, and the credential guard.",
    version: pkg.version,
    helpAfter:
      "\nExit status: 0 ok, 1 refused / not found / failed, 2 usage error.\nSettings: flags first, then MESH_NODE, MESH_GATEWAY_URL, MESH_GATEWAY_TOKEN.",
  })
    .option("--node <name>", "own peer name (env MESH_NODE)")
    .option(
      "--gateway-url <url>",
      `gateway address (env MESH_GATEWAY_URL, default ${DEFAULT_GATEWAY_URL})`,
    )
    .option(
      "--token <token>",
      "gateway token; discouraged, visible in the process list (env MESH_GATEWAY_TOKEN)",
    )
    .option("--json", "machine-readable output on stdout")
    // Subcommands inherit this: `mesh send --help` lists --json, --node and the rest too.
    .configureHelp({ showGlobalOptions: true });

  const action = createAction(result, (command) =>
    createContext(io, command.optsWithGlobals<GlobalOptions>()),
  );

  addPeerCommands(program, action);
  addSendCommand(program, action);
  addInboxCommands(program, action);
  addMessageCommands(program, action);
  addToolCommands(program, action);

  addHelpExamples(program);
  addCompletion(program);
  return program;
}
