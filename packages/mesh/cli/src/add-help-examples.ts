import type { Command } from "@mesh/cli-kit";
import { addExamplesByPath, type CommandExample } from "@mesh/cli-kit";

const EXAMPLES: Readonly<Record<string, readonly CommandExample[]>> = {
  peers: [
    { command: "mesh peers", description: "who is registered" },
    { command: "mesh peers --json", description: "the same as JSON, for scripts" },
  ],
  register: [
    {
      command: "MESH_NODE=alice mesh register --url http://10.0.0.5:8080",
      description: "register yourself as alice with your service's address",
    },
    {
      command: `mesh register --capabilities '{"can_claim_tasks":true}'`,
      description: "advertise what you can do",
    },
  ],
  send: [
    { command: `mesh send bob fyi "build 412 is green"`, description: "a short note to bob" },
    {
      command: "git diff | mesh send bob question --thread PR-12",
      description: "send stdin, in a thread",
    },
    {
      command: `mesh send bob status "deployed" --idempotency-key deploy-42`,
      description: "safe to repeat: a retry with the same key is not sent twice",
    },
  ],
  inbox: [
    { command: "mesh inbox --unread", description: "what you have not handled yet" },
    { command: "mesh inbox --from bob --full", description: "bob's messages in full" },
    { command: "mesh inbox --json --limit 10", description: "the oldest ten as JSON" },
    { command: "mesh inbox --unread --all", description: "every unread message, every page" },
  ],
  read: [{ command: "mesh read 41 42", description: "mark messages 41 and 42 handled" }],
  thread: [
    { command: "mesh thread PR-12", description: "the whole PR-12 conversation, both directions" },
    { command: "mesh thread PR-12 --json", description: "the same as JSON" },
  ],
  threads: [
    { command: "mesh threads", description: "your conversations, newest first" },
    { command: "mesh threads --search deploy", description: "those that mention deploy" },
  ],
  sent: [
    { command: "mesh sent", description: "what you sent, oldest first" },
    { command: "mesh sent --state sent", description: "what nobody has picked up yet" },
  ],
  search: [
    { command: "mesh search deploy staging", description: "messages holding both words" },
    { command: "mesh search release --with bob", description: "only between you and bob" },
  ],
  watch: [
    { command: "mesh watch", description: "follow new messages until Ctrl-C" },
    { command: "mesh watch --json", description: "one JSON line per message, for a script" },
  ],
  guard: [
    {
      command: "mesh guard $(git diff --cached --name-only)",
      description: "scan the staged files (a pre-commit hook)",
    },
    { command: "git diff | mesh guard", description: "scan stdin" },
  ],
  mcp: [
    { command: "MESH_NODE=alice mesh mcp", description: "serve the mesh to an agent as alice" },
  ],
};

/** Adds the examples above to the `--help` of each `mesh` command. */
export function addHelpExamples(program: Command): void {
  addExamplesByPath(program, EXAMPLES);
}
