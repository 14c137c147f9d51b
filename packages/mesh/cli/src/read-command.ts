import { EXIT_FAILURE, EXIT_OK, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { describeError } from "./describe-error.js";
import { openClient } from "./open-client.js";

/**
 * `mesh read <id>...`: marks messages read, each on its own; exit 1 when any failed.
 * JSON: `{ "read": number[], "failed": { "id": number, "error": string }[] }`.
 */
export async function readCommand(
  context: CommandContext,
  ids: readonly number[],
): Promise<number> {
  const client = await openClient(context, { requireNode: true });
  const read: number[] = [];
  const failed: { id: number; error: string }[] = [];
  try {
    await withProgress(context.io, "marking read", async () => {
      for (const id of ids) {
        try {
          await client.markRead(id);
          read.push(id);
        } catch (error) {
          failed.push({ id, error: describeError(error).message });
        }
      }
    });
  } finally {
    await client.close();
  }
  if (context.json) context.printJson({ read, failed });
  else {
    if (read.length > 0)
      context.io.stdout.write(`marked read: ${read.map((id) => `#${id}`).join(" ")}\n`);
    for (const failure of failed) {
      context.note(`${context.err.red("mesh: error:")} #${failure.id}: ${failure.error}`);
    }
  }
  return failed.length > 0 ? EXIT_FAILURE : EXIT_OK;
}
