import type { CommandContext } from "./command-context.js";
import { requireInstalled } from "./require-installed.js";

/**
 * `mesh gateway`: runs `mesh-gateway serve` itself, mounted from `@mesh/gateway`: the same
 * flags (`mesh gateway --help` lists them), banner, `--json` start-up event, errors and exit
 * statuses. The admin token is `MESH_GATEWAY_TOKEN`; mesh's own `--token` still sets it.
 * `@mesh/gateway` is an optional peer dependency: without it the command says how to install it.
 */
export async function gatewayCommand(
  context: CommandContext,
  args: readonly string[],
): Promise<number> {
  requireInstalled("@mesh/gateway", "mesh gateway");
  const { runServeCommand } = await import("@mesh/gateway");
  const { io, settings } = context;
  const env =
    settings.token === undefined ? io.env : { ...io.env, MESH_GATEWAY_TOKEN: settings.token };
  return runServeCommand(
    context.json ? [...args, "--json"] : args,
    { ...io, env },
    { program: "mesh", command: "gateway" },
  );
}
