import {
  Argument,
  addCompletion,
  type Command,
  createAction,
  createCliProgram,
  type InteractiveCliIo,
  InvalidArgumentError,
  type ProgramResult,
} from "@mesh/cli-kit";
import { DEFAULT_GATEWAY_URL, DM_KINDS, type DmKind } from "@mesh/protocol";
import pkg from "../package.json" with { type: "json" };
import { addHelpExamples } from "./add-help-examples.js";
import { createContext, type GlobalOptions } from "./command-context.js";
import type { InboxCommandOptions } from "./inbox-command.js";
import type { SearchCommandOptions } from "./search-command.js";
import type { SentCommandOptions } from "./sent-command.js";
import type { ThreadsCommandOptions } from "./threads-command.js";

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a positive integer");
  }
  return Number(value);
}

function messageId(value: string, previous: number[] | undefined): number[] {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a message id (a non-negative integer)");
  }
  return [...(previous ?? []), Number(value)];
}

function messageIdValue(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a message id (a non-negative integer)");
  }
  return Number(value);
}

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

  program
    .command("peers")
    .description("list the registered peers")
    .action(action(async (context) => (await import("./peers-command.js")).peersCommand(context)));

  program
    .command("register")
    .description("register (or update) your own peer")
    .option("--url <url>", "network address of your own service")
    .option(
      "--capabilities <json>",
      `advertisement as a JSON object, e.g. '{"can_claim_tasks":true}'`,
    )
    .action(
      action(async (context, options: { url?: string; capabilities?: string }) =>
        (await import("./register-command.js")).registerCommand(context, options),
      ),
    );

  program
    .command("send")
    .description("send a direct message (refused when the content looks like a credential)")
    .argument("<to>", "recipient peer name (aliases resolve)")
    .addArgument(new Argument("<kind>", "message kind").choices(DM_KINDS))
    .argument("[content]", "message text; `-` or omitted reads stdin")
    .option("--thread <id>", "thread reference")
    .option("--task <id>", "related task reference")
    .option("--idempotency-key <key>", "a repeat with the same key returns the first message")
    .option("--skip-secret-check", "skip the credential guard (only for a reviewed false positive)")
    .action(
      action(
        async (
          context,
          to: string,
          kind: DmKind,
          content: string | undefined,
          options: {
            thread?: string;
            task?: string;
            idempotencyKey?: string;
            skipSecretCheck?: boolean;
          },
        ) => (await import("./send-command.js")).sendCommand(context, to, kind, content, options),
      ),
    );

  program
    .command("inbox")
    .description("list your inbox, oldest first (never marks anything read)")
    .option("--unread", "only unread messages")
    .option("--limit <n>", "at most this many messages (gateway default 100)", positiveInteger)
    .option("--from <peer>", "only messages from this sender")
    .option("--full", "print whole messages instead of a table")
    .option(
      "--after <id>",
      "start after this message id (the `N more` line names it)",
      messageIdValue,
    )
    .option("--all", "every page, not only the first")
    .action(
      action(async (context, options: InboxCommandOptions) =>
        (await import("./inbox-command.js")).inboxCommand(context, options),
      ),
    );

  program
    .command("thread")
    .description("a whole thread you took part in, both directions, oldest first")
    .argument("<id>", "thread id")
    .action(
      action(async (context, id: string) =>
        (await import("./thread-command.js")).threadCommand(context, id),
      ),
    );

  program
    .command("threads")
    .description("your threads, newest activity first, with unread counts")
    .option("--limit <n>", "at most this many threads (default 50, at most 200)", positiveInteger)
    .option("--before <id>", "threads whose last message id is smaller (next page)", messageIdValue)
    .option("--search <words>", "only threads holding a message with these words")
    .option("--peer <name>", "admin token: the threads of this peer")
    .action(
      action(async (context, options: ThreadsCommandOptions) =>
        (await import("./threads-command.js")).threadsCommand(context, options),
      ),
    );

  program
    .command("sent")
    .description("the messages you sent, oldest first")
    .option("--state <state>", "only messages in this receipt state (sent: nobody picked them up)")
    .option("--after <id>", "start after this message id", messageIdValue)
    .option("--limit <n>", "at most this many messages (gateway default 100)", positiveInteger)
    .action(
      action(async (context, options: SentCommandOptions) =>
        (await import("./sent-command.js")).sentCommand(context, options),
      ),
    );

  program
    .command("search")
    .description("messages you sent or received holding every word (case-insensitive)")
    .argument("<words...>", "words; the last may be the start of a word")
    .option("--with <peer>", "only messages between you and this peer")
    .option("--thread <id>", "only messages of this thread")
    .option("--after <id>", "start after this message id", messageIdValue)
    .option("--limit <n>", "at most this many messages (gateway default 100)", positiveInteger)
    .action(
      action(async (context, words: string[], options: SearchCommandOptions) =>
        (await import("./search-command.js")).searchCommand(context, words, options),
      ),
    );

  program
    .command("read")
    .description("mark messages read (after you have handled them)")
    .argument("<id...>", "message ids", messageId)
    .action(
      action(async (context, ids: number[]) =>
        (await import("./read-command.js")).readCommand(context, ids),
      ),
    );

  program
    .command("watch")
    .description(
      "print unread messages, then new ones as they arrive, until Ctrl-C (never marks read)",
    )
    .option(
      "--interval <ms>",
      "pause between polls when the gateway does not hold them open",
      positiveInteger,
    )
    .action(
      action(async (context, options: { interval?: number }) =>
        (await import("./watch-command.js")).watchCommand(context, options),
      ),
    );

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

  addHelpExamples(program);
  addCompletion(program);
  return program;
}
