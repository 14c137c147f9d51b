import type { StrictMessage as Message } from "@mesh/protocol";
import type { ReceiptEvent } from "./apply-receipt.js";

/** What one block of the message stream carries for the page. */
export type StreamEvent =
  | { type: "message"; message: Message }
  | { type: "receipt"; receipt: ReceiptEvent };

/**
 * The message or receipt of one server-sent-events block (the text between blank lines);
 * comments, pings, id-only blocks, other events and malformed data give `undefined`.
 */
export function parseStreamBlock(block: string): StreamEvent | undefined {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
  }
  if ((event !== "message" && event !== "receipt") || data.length === 0) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(data.join("\n"));
  } catch {
    return undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  if (event === "message") {
    return typeof fields["id"] === "number"
      ? { type: "message", message: body as Message }
      : undefined;
  }
  const { message_id, to_node, state, at } = fields;
  if (
    typeof message_id !== "number" ||
    typeof to_node !== "string" ||
    typeof state !== "string" ||
    typeof at !== "string"
  ) {
    return undefined;
  }
  return { type: "receipt", receipt: { message_id, to_node, state, at } };
}
