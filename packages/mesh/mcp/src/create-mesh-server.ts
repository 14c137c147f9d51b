import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import * as v from "valibot";
import pkg from "../package.json" with { type: "json" };
import type { ClientSource } from "./client-source.js";
import { type ArgumentListing, describeInvalidArguments } from "./describe-invalid-arguments.js";
import { describeToolError } from "./describe-tool-error.js";
import { InboxReader } from "./inbox-reader.js";
import { InboxSubscription } from "./inbox-subscription.js";
import { LazyJsonSchemaValidator } from "./lazy-json-schema-validator.js";
import type { MeshTool } from "./mesh-tool.js";
import { createMeshTools } from "./mesh-tools.js";
import { mentionsSecret, redactSecret } from "./redact-secret.js";
import { SendRepeats } from "./send-repeats.js";
import { jsonSchemaOf } from "./tool-schemas.js";

/** The resource that lists the own unread messages. */
export const INBOX_URI = "mesh://inbox";
const INBOX_PAGE = 100;

/** Options of {@link createMeshServer}. */
export interface MeshServerOptions {
  /** The own peer name, canonical (as the client has it): the agent's identity. Required. */
  node: string;
  /** Where every tool gets the client. Required. The caller closes the client. */
  client: ClientSource;
  /** The client's gateway token, so that no error text can ever quote it. Default: none. */
  token?: string | undefined;
  /** Where diagnostics go (never stdout, which carries the protocol). Default: discarded. */
  log?: ((line: string) => void) | undefined;
}

/** What the request handlers share. */
interface ServerContext {
  node: string;
  client: ClientSource;
  token: string | undefined;
  log: (line: string) => void;
  describe: (error: unknown) => string;
}

/**
 * The server behind `createMeshMcpServer` and `runMeshMcp`: the tools and `mesh://inbox` on a
 * client it asks for only when a tool, a read or a subscription needs it, and warms up right
 * after the first `tools/list` answer (which clients ask for before their first call). Every
 * request is answered through the SDK's `setRequestHandler`.
 */
export function createMeshServer(options: MeshServerOptions): Server {
  const { node, token } = options;
  const context: ServerContext = {
    node,
    client: options.client,
    token,
    log: options.log ?? (() => {}),
    describe: (error) => describeToolError(error, { node, token }),
  };
  const inbox = new InboxReader(options.client);
  const server = new Server(
    { name: "mesh", title: "Mesh", version: pkg.version },
    {
      capabilities: { tools: {}, resources: { subscribe: true } },
      instructions: `You are peer '${node}' on a mesh of agents. Find peers with list_peers, message them with send_message, read what arrives with check_inbox or wait_for_messages, and mark_read what you have handled. list_threads, get_thread and search_messages read earlier conversations. A send_message repeated after a timeout does not send twice. Never put credentials in a message.`,
      jsonSchemaValidator: new LazyJsonSchemaValidator(),
    },
  );
  const tools = createMeshTools({
    node,
    client: options.client,
    inbox,
    repeats: new SendRepeats(),
    cursor: { newestReturned: 0 },
  });
  serveTools(server, tools, context);
  serveInbox(server, inbox, context);
  return server;
}

/** `tools/list` and `tools/call`. */
function serveTools(server: Server, tools: MeshTool[], context: ServerContext): void {
  const { client, token } = context;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, "input"),
    outputSchema: jsonSchemaOf(tool.output, "output"),
    annotations: { title: tool.title, ...tool.annotations },
  }));
  const argumentsOf = new Map(
    listing.map((entry) => [
      entry.name,
      {
        tool: entry.name,
        properties: (entry.inputSchema["properties"] ?? {}) as ArgumentListing["properties"],
      },
    ]),
  );
  let warmed = false;
  server.setRequestHandler(ListToolsRequestSchema, () => {
    if (!warmed) {
      warmed = true;
      // After this answer is written; a failure is reported by the first call that needs it.
      setImmediate(() => client().catch(() => {}));
    }
    return { tools: listing };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const tool = byName.get(name);
    if (!tool) {
      return failure(`unknown tool '${name}': use one of ${[...byName.keys()].join(", ")}`, token);
    }
    try {
      return await callTool(tool, args, extra.signal, token, argumentsOf.get(name));
    } catch (error) {
      const text = context.describe(error);
      context.log(`${tool.name} failed: ${text}`);
      return failure(text, token);
    }
  });
}

/** The `mesh://inbox` resource: list, read, subscribe, unsubscribe. */
function serveInbox(server: Server, inbox: InboxReader, context: ServerContext): void {
  const { node, token, describe } = context;
  const subscription = new InboxSubscription(
    inbox,
    () => server.sendResourceUpdated({ uri: INBOX_URI }),
    (error, ended) =>
      context.log(
        ended
          ? `stopped following the inbox: ${describe(error)}`
          : `lost the gateway while following the inbox, reconnecting: ${describe(error)}`,
      ),
  );
  server.onclose = () => subscription.stop();
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: INBOX_URI,
        name: "inbox",
        title: `Unread messages of ${node}`,
        description: `The unread direct messages addressed to '${node}', oldest first (at most ${INBOX_PAGE}). Subscribe to hear when a new one arrives.`,
        mimeType: "application/json",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    requireInbox(request.params.uri);
    try {
      const messages = await inbox.list({ unreadOnly: true, limit: INBOX_PAGE });
      const text = JSON.stringify(redactSecret({ messages }, token));
      return { contents: [{ uri: INBOX_URI, mimeType: "application/json", text }] };
    } catch (error) {
      throw new Error(describe(error));
    }
  });
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    requireInbox(request.params.uri);
    subscription.start();
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    requireInbox(request.params.uri);
    subscription.stop();
    return {};
  });
}

async function callTool(
  tool: MeshTool,
  input: unknown,
  signal: AbortSignal,
  token: string | undefined,
  listing: ArgumentListing = { tool: tool.name, properties: {} },
): Promise<CallToolResult> {
  const parsed = v.safeParse(tool.input, input);
  if (!parsed.success) {
    return failure(describeInvalidArguments(parsed.issues, listing), token);
  }
  const { structured, summary } = await tool.run(parsed.output, signal);
  // A message or a gateway answer may quote the token: copied with it redacted, only then.
  return {
    content: [{ type: "text", text: redactSecret(summary, token) }],
    structuredContent: mentionsSecret(structured, token)
      ? redactSecret(structured, token)
      : structured,
  };
}

function failure(text: string, token: string | undefined): CallToolResult {
  return { content: [{ type: "text", text: redactSecret(text, token) }], isError: true };
}

function requireInbox(uri: string): void {
  if (uri !== INBOX_URI) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `unknown resource: the mesh server has ${INBOX_URI}`,
    );
  }
}
