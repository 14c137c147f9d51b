import { CliError, EXIT_OK, EXIT_USAGE, withProgress } from "@mesh/cli-kit";
import type { DmKind } from "@mesh/client";
import type { CommandContext } from "./command-context.js";
import { aliasesOf, openClient } from "./open-client.js";
import { readText } from "./read-text.js";

export interface SendCommandOptions {
  thread?: string;
  task?: string;
  skipSecretCheck?: boolean;
  idempotencyKey?: string;
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
    await refuseSelf(context, client.node, to);
    const sent = await withProgress(context.io, "sending", () =>
      client.send({
        to,
        kind,
        content: text,
        ...(options.thread !== undefined ? { threadId: options.thread } : {}),
        ...(options.task !== undefined ? { relatedTaskId: options.task } : {}),
        ...(options.skipSecretCheck === true ? { skipSecretCheck: true } : {}),
        ...(options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {}),
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

async function refuseSelf(context: CommandContext, self: string, to: string): Promise<void> {
  const { normalizeNodeName } = await import("@mesh/names");
  let recipient: string;
  try {
    recipient = normalizeNodeName(to, { aliases: await aliasesOf(context) });
  } catch {
    return; // the client reports a malformed name with its own error
  }
  if (recipient === self) {
    throw new CliError(`refusing to send a DM to yourself (${self})`, {
      exitCode: EXIT_USAGE,
      hint: "name another peer as the recipient; `mesh peers` lists them",
    });
  }
}

async function resolveContent(
  context: CommandContext,
  content: string | undefined,
): Promise<string> {
  if (content !== undefined && content !== "-") return content;
  if (content === undefined && context.io.isTTY.stdin) {
    throw new CliError("no content: give it as the third argument, or pipe it in with `-`", {
      exitCode: EXIT_USAGE,
      hint: "mesh send <to> <kind> 'text'   or   echo text | mesh send <to> <kind> -",
    });
  }
  return readText(context.io.stdin);
}
