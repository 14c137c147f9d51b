import type { Command } from "@mesh/cli-kit";
import { addExamplesByPath, type CommandExample } from "@mesh/cli-kit";

/** Examples by command path below the program (`""` is the program itself). */
const EXAMPLES: Readonly<Record<string, readonly CommandExample[]>> = {
  "": [
    { command: "mesh-gateway serve", description: "a gateway for this machine on 127.0.0.1:8788" },
    {
      command: "MESH_GATEWAY_TOKEN=$(openssl rand -hex 32) mesh-gateway serve --host 0.0.0.0",
      description: "serve the network, with an admin token",
    },
    { command: "mesh-gateway token issue alice", description: "a token for peer alice" },
  ],
  serve: [
    { command: "mesh-gateway serve", description: "serve on the default port and database" },
    {
      command: "MESH_GATEWAY_TOKEN=$(openssl rand -hex 32) mesh-gateway serve --host 0.0.0.0",
      description: "serve the network with an admin token",
    },
    {
      command: "mesh-gateway serve --port 0 --database postgres://mesh@db.internal/mesh --json",
      description: "on PostgreSQL and a free port; the address as a JSON line on stdout",
    },
  ],
  token: [
    { command: "mesh-gateway token issue alice", description: "a token for peer alice" },
    {
      command: "mesh-gateway token revoke alice --database gateway.db",
      description: "revoke alice's tokens",
    },
  ],
  "token issue": [
    { command: "mesh-gateway token issue alice", description: "a token for peer alice" },
    {
      command: "mesh-gateway token issue bob --database lab.db --create",
      description: "a token for bob in a new database lab.db",
    },
  ],
  "token revoke": [
    { command: "mesh-gateway token revoke alice", description: "revoke every token of alice" },
    {
      command: "mesh-gateway token revoke alice --database postgres://mesh@db.internal/mesh",
      description: "the same on a PostgreSQL gateway's database",
    },
  ],
};

/**
 * The examples of the serve command as another program mounts it (`mesh gateway`): the same
 * command lines under that name.
 */
export function serveExamples(invocation: string): CommandExample[] {
  return EXAMPLES["serve"]!.map((example) => ({
    ...example,
    command: example.command.replace("mesh-gateway serve", invocation),
  }));
}

/** Adds the examples above to the `--help` of `mesh-gateway` and each of its commands. */
export function addHelpExamples(program: Command): void {
  addExamplesByPath(program, EXAMPLES);
}
