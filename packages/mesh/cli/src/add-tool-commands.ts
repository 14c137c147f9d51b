import type { Command, CommandAction } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";

/** `mesh guard`, `mesh gateway` and `mesh mcp`: the guard and the servers the mesh ships. */
export function addToolCommands(program: Command, action: CommandAction<CommandContext>): void {
  program
    .command("guard")
    .description("scan files (or stdin) for credentials; exit 1 on a finding (pre-commit hook)")
    .argument("[files...]", "files to scan; none or `-` reads stdin")
    .action(
      action(async (context, files: string[]) =>
        (await import("./guard-command.js")).guardCommand(context, files),
      ),
    );

  program
    .command("gateway")
    .description(
      "run the gateway server until Ctrl-C / SIGTERM (mesh-gateway serve; see its --help)",
    )
    .argument("[flags...]", "the flags of mesh-gateway serve")
    // The flags and their help are the serve command's own (mounted from @mesh/gateway).
    .helpOption(false)
    .allowUnknownOption()
    .action(
      action(async (context, args: string[]) =>
        (await import("./gateway-command.js")).gatewayCommand(context, args),
      ),
    );

  program
    .command("mcp")
    .description("serve the mesh to an AI agent as an MCP server on stdio (needs @mesh/mcp)")
    .action(action(async (context) => (await import("./mcp-command.js")).mcpCommand(context)));
}
