import {
  addExamples,
  createAction,
  createCliProgram,
  EXIT_OK,
  type InteractiveCliIo,
  runProgram,
} from "@mesh/cli-kit";
import pkg from "../package.json" with { type: "json" };
import { serveExamples } from "./add-help-examples.js";
import { addServeCommand } from "./add-serve-command.js";
import { createGatewayCliContext, type GatewayGlobalOptions } from "./gateway-cli-context.js";

/** Where another CLI mounts the serve command: `mesh gateway` is `{ program: "mesh", command: "gateway" }`. */
export interface ServeCommandMount {
  /** The program's name: its usage line and the `<program>: error:` prefix. */
  program: string;
  /** The command's name under it. */
  command: string;
}

/**
 * Runs `mesh-gateway serve` as another program's command (`mesh gateway`): the very command,
 * with its flags, banner, `--json` event, errors and exit statuses (0 stopped by SIGINT or
 * SIGTERM, 1 failed, 2 usage error), named as mounted. `argv` are the arguments after the
 * command's name, `--json` (the program's flag) among them.
 */
export async function runServeCommand(
  argv: readonly string[],
  io: InteractiveCliIo,
  mount: ServeCommandMount,
): Promise<number> {
  const result = { exitCode: EXIT_OK };
  const program = createCliProgram(io, {
    name: mount.program,
    description: "The mesh gateway: peer registry and direct messages over HTTP.",
    version: pkg.version,
  })
    .option("--json", "JSON on stdout (the start-up event), errors as JSON on stderr")
    .configureHelp({ showGlobalOptions: true });
  const action = createAction(result, (command) =>
    createGatewayCliContext(io, command.optsWithGlobals<GatewayGlobalOptions>()),
  );
  const serve = addServeCommand(program, action, mount.command);
  addExamples(serve, serveExamples(`${mount.program} ${mount.command}`));
  return runProgram(program, [mount.command, ...argv], io, result);
}
