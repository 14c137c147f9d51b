import { CliError, EXIT_OK, EXIT_USAGE, withProgress } from "@mesh/cli-kit";
import type { DmKind, MeshClient } from "@mesh/client";
import type { CommandContext } from "./command-context.js";
import { normalizePeerArgument } from "./normalize-peer-argument.js";
import { aliasesOf, openClient } from "./open-client.js";
import { readText } from "./read-text.js";

export interface SendCommandOptions {
  thread?: string;
  task?: string;
  skipSecretCheck?: boolean;
  idempotencyKey?: string;
  replyBy?: string;
}

/**
 * `mesh send <to> <kind> [content|-]`: one DM; the content comes from stdin when it is `-` or
 * omitted (and stdin is not a terminal). The client refuses credentials before any request; a DM
 * to oneself is refused as a usage error (exit 2). JSON: `{ "message": SentMessage | null }`
 * (`null`: the gateway acknowledged without a record).
 */
export async function sendCommand(
  context: CommandContext,
  to: string,
  kind: DmKind,
  content: string | undefined,
  options: SendCommandOptions,
): Promise<number> {
  const text = await resolveContent(context, content);
  const client = await openClient(context, { requireNode: true });
  try {
    await checkRecipient(context, client, to);
    const sent = await withProgress(context.io, "sending", () =>
      client.send({
        to,
        kind,
        content: text,
        ...(options.thread !== undefined ? { threadId: options.thread } : {}),
        ...(options.task !== undefined ? { relatedTaskId: options.task } : {}),
        ...(options.skipSecretCheck === true ? { skipSecretCheck: true } : {}),
        ...(options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {}),
        ...(options.replyBy !== undefined ? { replyBy: options.replyBy } : {}),
      }),
    );
    if (context.json) context.printJson({ message: sent });
    else if (sent === null)
      context.io.stdout.write("sent (the gateway acknowledged without a record)\n");
    else {
      const { out } = context;
      const thread = sent.thread_id ? out.dim(` thread ${sent.thread_id}`) : "";
      context.io.stdout.write(
        `sent #${sent.id} ${sent.kind} ${out.dim("from")} ${sent.from_node} ${out.dim("to")} ${out.cyan(sent.to_node)}${thread}\n`,
      );
    }
    return EXIT_OK;
  } finally {
    await client.close();
  }
}

/**
 * Refuses a malformed recipient and a DM to oneself (usage errors), then checks the registry
 * strictly: a rejected token or an unreachable gateway fails here with its own hint, before the
 * client's lenient check could report either as a skipped registry check.
 */
async function checkRecipient(
  context: CommandContext,
  client: MeshClient,
  to: string,
): Promise<void> {
  const aliases = await aliasesOf(context);
  const recipient = await normalizePeerArgument(to, aliases, "the recipient");
  const [{ isSelfMessage, validateNodeName }, { nodeHttpFetch }] = await Promise.all([
    import("@mesh/names"),
    import("@mesh/transport"),
  ]);
  if (isSelfMessage(client.node, recipient, { aliases })) {
    throw new CliError({
      message: `refusing to send a DM to yourself (${client.node})`,
      exitCode: EXIT_USAGE,
      hint: "name another peer as the recipient; `mesh peers` lists them",
    });
  }
  const { token } = context.settings;
  await validateNodeName(recipient, {
    gatewayUrl: client.gatewayUrl,
    aliases,
    fetch: nodeHttpFetch,
    ...(token !== undefined ? { token } : {}),
  });
}

const CONTENT_HINT = "mesh send <to> <kind> 'text'   or   echo text | mesh send <to> <kind> -";

/**
 * The DM's text: the argument as given, or stdin without its final line break (what `echo` and
 * editors append is not part of the message). Blank content is refused: a peer cannot act on it.
 */
async function resolveContent(
  context: CommandContext,
  content: string | undefined,
): Promise<string> {
  const fromStdin = content === undefined || content === "-";
  if (content === undefined && context.io.isTTY.stdin) {
    throw new CliError({
      message: "no content: give it as the third argument, or pipe it in with `-`",
      exitCode: EXIT_USAGE,
      hint: CONTENT_HINT,
    });
  }
  const text = fromStdin ? (await readText(context.io.stdin)).replace(/\r?\n$/, "") : content;
  if (text.trim() === "") {
    const source = fromStdin ? "stdin was empty" : "the content argument is empty";
    throw new CliError({
      message: `refusing to send an empty DM: ${source}`,
      exitCode: EXIT_USAGE,
      hint: `write the message text, e.g. ${CONTENT_HINT}`,
    });
  }
  return text;
}
