import type * as v from "valibot";
import type { ClientSource } from "./client-source.js";
import type { InboxReader } from "./inbox-reader.js";
import type { SendRepeats } from "./send-repeats.js";

/** The MCP tool annotations the server sets on every tool. */
export interface ToolHints {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint: boolean;
  openWorldHint: boolean;
}

/** A tool's answer: the full rows, and the short text an LLM reads and acts on. */
export interface ToolAnswer {
  /** The `structuredContent` of the result, as the tool's output schema describes it. */
  structured: Record<string, unknown>;
  /** Counts, ids, senders, first lines, and what to call next. */
  summary: string;
}

/** One tool: its listing, its schemas, and what it does with validated arguments. */
export interface MeshTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolHints;
  input: v.GenericSchema;
  output: v.GenericSchema;
  run(args: unknown, signal: AbortSignal): Promise<ToolAnswer>;
}

/** What the tools share: the client, the inbox reads, and the server's memory. */
export interface ToolDeps {
  /** The own peer name, as the client has it. */
  node: string;
  client: ClientSource;
  inbox: InboxReader;
  /** The keys of recent sends, so that a repeated call sends nothing new. */
  repeats: SendRepeats;
  /** The newest id of a received message this server has returned; `wait_for_messages` waits past it. */
  cursor: { newestReturned: number };
}

/** Reads only; the same call twice changes nothing. */
export const READ_ONLY: ToolHints = {
  readOnlyHint: true,
  idempotentHint: true,
  destructiveHint: false,
  openWorldHint: false,
};

/** A tool whose `run` takes what its input schema outputs. */
export function defineTool<I extends v.GenericSchema>(
  tool: Omit<MeshTool, "run"> & {
    input: I;
    run(args: v.InferOutput<I>, signal: AbortSignal): Promise<ToolAnswer>;
  },
): MeshTool {
  return tool as MeshTool;
}
