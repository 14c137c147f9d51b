import type { MeshClient, Message, SentMessage } from "@mesh/client";
import { normalizeNodeName } from "@mesh/names";
import type * as v from "valibot";
import type { ClientSource } from "./client-source.js";
import type { InboxReader } from "./inbox-reader.js";
import type { SentLog } from "./sent-log.js";
import { ToolRefusal } from "./tool-refusal.js";
import {
  CheckInboxInput,
  GetThreadInput,
  ListPeersInput,
  MarkedOutput,
  MarkReadInput,
  MessagesOutput,
  PeersOutput,
  SendMessageInput,
  SentOutput,
  WaitForMessagesInput,
} from "./tool-schemas.js";

/** The MCP tool annotations the server sets on every tool. */
export interface ToolHints {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint: boolean;
  openWorldHint: boolean;
}

/** One tool: its listing, its schemas, and what it does with validated arguments. */
export interface MeshTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolHints;
  input: v.GenericSchema;
  output: v.GenericSchema;
  run(args: unknown, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** What the tools share: the client, the inbox reads, and the server's memory. */
export interface ToolDeps {
  /** The own peer name, as the client has it. */
  node: string;
  client: ClientSource;
  inbox: InboxReader;
  sent: SentLog;
  /** The newest id of a received message this server has returned; `wait_for_messages` waits past it. */
  cursor: { newestReturned: number };
}

const READ: ToolHints = {
  readOnlyHint: true,
  idempotentHint: true,
  destructiveHint: false,
  openWorldHint: false,
};

function defineTool<I extends v.GenericSchema>(
  tool: Omit<MeshTool, "run"> & {
    input: I;
    run(args: v.InferOutput<I>, signal: AbortSignal): Promise<Record<string, unknown>>;
  },
): MeshTool {
  return tool as MeshTool;
}

/** The six tools of the mesh, in the order `tools/list` shows them. */
export function createMeshTools(deps: ToolDeps): MeshTool[] {
  const { node, client, inbox, sent, cursor } = deps;
  const remember = (messages: Message[]): Message[] => {
    for (const message of messages) {
      cursor.newestReturned = Math.max(cursor.newestReturned, message.id);
    }
    return messages;
  };
  return [
    defineTool({
      name: "list_peers",
      title: "List mesh peers",
      description:
        "List the peers (agents and machines) registered on the mesh: name, url, capabilities, enabled, last_seen. Use it to find whom to message.",
      annotations: READ,
      input: ListPeersInput,
      output: PeersOutput,
      run: async () => ({ peers: await (await client()).listPeers() }),
    }),
    defineTool({
      name: "send_message",
      title: "Send a direct message",
      description: `Send a direct message to another peer. kind: 'question' expects an 'answer'; 'fyi', 'status', 'unblock' need none. Reuse the question's thread_id when answering. Content that looks like a credential (API key, token, private key) is refused and not sent. Returns the stored message without its content (null when the gateway acknowledged without a body).`,
      annotations: {
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: false,
        openWorldHint: false,
      },
      input: SendMessageInput,
      output: SentOutput,
      run: async (args) => {
        if (isSelf(args.to, node)) {
          throw new ToolRefusal(
            "self_message",
            `refusing to send a message to yourself ('${node}')`,
          );
        }
        const message: SentMessage | null = await (await client()).send({
          to: args.to,
          kind: args.kind,
          content: args.content,
          threadId: args.thread_id,
          relatedTaskId: args.related_task_id,
        });
        if (message) sent.add(message, args.content);
        return { message };
      },
    }),
    defineTool({
      name: "check_inbox",
      title: "Check the inbox",
      description:
        "List messages addressed to you, oldest first. Never marks anything read: call mark_read once you have handled a message.",
      annotations: READ,
      input: CheckInboxInput,
      output: MessagesOutput,
      run: async (args) => ({
        messages: remember(
          await inbox.list({
            unreadOnly: args.unread_only,
            limit: args.limit,
            afterId: args.after_id,
          }),
        ),
      }),
    }),
    defineTool({
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
      run: async (args) => markAll(await client(), args.ids),
    }),
    defineTool({
      name: "wait_for_messages",
      title: "Wait for messages",
      description:
        "Wait until new unread messages arrive and return them (at most timeout_seconds, 1 to 30, default 30; an empty list at the timeout). Without after_id it returns only messages newer than any this server already returned, so call it in a loop while waiting for an answer. Never marks read.",
      annotations: READ,
      input: WaitForMessagesInput,
      output: MessagesOutput,
      run: async (args, signal) => {
        const afterId = args.after_id ?? cursor.newestReturned;
        const messages = await inbox.waitForNew(afterId, args.timeout_seconds * 1000, signal);
        return { messages: remember(messages) };
      },
    }),
    defineTool({
      name: "get_thread",
      title: "Read a thread",
      description:
        "The messages of one thread that you sent or received, oldest first: the whole conversation so far.",
      annotations: READ,
      input: GetThreadInput,
      output: MessagesOutput,
      run: async (args) => {
        const received = await inbox.thread(args.thread_id);
        const ids = new Set(received.map((message) => message.id));
        const own = sent.inThread(args.thread_id).filter((message) => !ids.has(message.id));
        return { messages: [...received, ...own].sort((a, b) => a.id - b.id) };
      },
    }),
  ];
}

function isSelf(to: string, node: string): boolean {
  try {
    return normalizeNodeName(to) === node;
  } catch {
    // A malformed name is the client's to refuse, with its own message.
    return false;
  }
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
