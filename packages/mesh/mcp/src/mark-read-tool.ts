import type { MeshClient } from "@mesh/client";
import { defineTool, type MeshTool, type ToolDeps } from "./mesh-tool.js";
import { MarkedOutput, MarkReadInput } from "./tool-schemas.js";

/** `mark_read`: marks handled messages read, one request each, repeatable. */
export function markReadTool({ client }: ToolDeps): MeshTool {
  return defineTool({
    name: "mark_read",
    title: "Mark messages read",
    description:
      "Mark messages read after you have handled them. Returns the ids marked and the ids not found (unknown, or addressed to someone else). Repeating it is harmless: after a failure, call it again with the same ids.",
    annotations: {
      readOnlyHint: false,
      idempotentHint: true,
      destructiveHint: false,
      openWorldHint: false,
    },
    input: MarkReadInput,
    output: MarkedOutput,
    run: async (args) => {
      const { marked, notFound } = await markAll(await client(), args.ids);
      const parts = [
        `Marked ${marked.length} read${marked.length > 0 ? `: ${list(marked)}` : ""}.`,
      ];
      if (notFound.length > 0) {
        parts.push(
          `Not found (unknown, or addressed to another peer): ${list(notFound)}; check_inbox lists your messages.`,
        );
      }
      return { structured: { marked, notFound }, summary: parts.join(" ") };
    },
  });
}

function list(ids: readonly number[]): string {
  return ids.map((id) => `#${id}`).join(", ");
}

async function markAll(
  client: MeshClient,
  ids: number[],
): Promise<{ marked: number[]; notFound: number[] }> {
  const marked: number[] = [];
  const notFound: number[] = [];
  for (const id of new Set(ids)) {
    try {
      await client.markRead(id);
      marked.push(id);
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) {
        notFound.push(id);
        continue;
      }
      throw error;
    }
  }
  return { marked, notFound };
}
