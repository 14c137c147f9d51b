import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
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
import { describeToolError } from "./describe-tool-error.js";
import { InboxReader } from "./inbox-reader.js";
import { InboxSubscription } from "./inbox-subscription.js";
import { LazyJsonSchemaValidator } from "./lazy-json-schema-validator.js";
import { createMeshTools, type MeshTool } from "./mesh-tools.js";
import { SentLog } from "./sent-log.js";
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

/**
 * The server behind `createMeshMcpServer` and `runMeshMcp`: the six tools and `mesh://inbox`
 * on a client it asks for only when a tool, a read or a subscription needs it, and warms up
 * right after the first `tools/list` answer (which clients ask for before their first call).
 */
export function createMeshServer(options: MeshServerOptions): Server {
  const { node, client, token } = options;
  const log = options.log ?? (() => {});
  const inbox = new InboxReader(client);
  const tools = createMeshTools({
    node,
    client,
    inbox,
    sent: new SentLog(),
    cursor: { newestReturned: 0 },
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const describe = (error: unknown) => describeToolError(error, { node, token });

  const server = new Server(
    { name: "mesh", title: "Mesh", version: pkg.version },
    {
      capabilities: { tools: {}, resources: { subscribe: true } },
      instructions: `You are peer '${node}' on a mesh of agents. Find peers with list_peers, message them with send_message, read what arrives with check_inbox or wait_for_messages, and mark_read what you have handled. Never put credentials in a message.`,
      jsonSchemaValidator: new LazyJsonSchemaValidator(),
    },
  );
  const listing = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, "input"),
    outputSchema: jsonSchemaOf(tool.output, "output"),
    annotations: { title: tool.title, ...tool.annotations },
  }));
  let warmed = false;
  server.setRequestHandler(ListToolsRequestSchema, () => {
    if (!warmed) {
      warmed = true;
      // After this answer is written; a failure is reported by the first call that needs it.
      setImmediate(() => client().catch(() => {}));
    }
    return { tools: listing };
  });
  // Calls come through the fallback handler rather than setRequestHandler, which would have the
  // SDK parse each call twice and its result once more with zod, all on the round trip.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "tools/call") throw methodNotFound();
    const params = v.safeParse(CallParams, request.params);
    if (!params.success) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `invalid tools/call request: ${describeIssue(params.issues)}`,
      );
    }
    const { name, arguments: args = {} } = params.output;
    const tool = byName.get(name);
    if (!tool) {
      return failure(`unknown tool '${name}': use one of ${[...byName.keys()].join(", ")}`);
    }
    try {
      return await callTool(tool, args, extra.signal);
    } catch (error) {
      const text = describe(error);
      log(`${tool.name} failed: ${text}`);
      return failure(text);
    }
  };

  const subscription = new InboxSubscription(
    inbox,
    () => server.sendResourceUpdated({ uri: INBOX_URI }),
    (error) => log(`following the inbox failed, retrying: ${describe(error)}`),
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
      const text = JSON.stringify({ messages });
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
  return server;
}

async function callTool(
  tool: MeshTool,
  input: unknown,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const parsed = v.safeParse(tool.input, input);
  if (!parsed.success) {
    return failure(`invalid arguments for ${tool.name}: ${describeIssue(parsed.issues)}`);
  }
  const result = await tool.run(parsed.output, signal);
  return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
}

/** The `tools/call` parameters the server reads (the SDK's schema allows more, such as `_meta`). */
const CallParams = v.object({
  name: v.string(),
  arguments: v.optional(v.record(v.string(), v.unknown())),
});

/** The SDK's answer to a method without a handler, word for word. */
function methodNotFound(): Error {
  return Object.assign(new Error("Method not found"), { code: ErrorCode.MethodNotFound });
}

function failure(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

function requireInbox(uri: string): void {
  if (uri !== INBOX_URI) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `unknown resource: the mesh server has ${INBOX_URI}`,
    );
  }
}

/** The first problem, by field and expectation: never the received value, which may be a secret. */
function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "invalid value";
  const key = v.getDotPath(issue);
  if (issue.expected === "never" && key) return `unknown argument '${key}'`;
  const what = issue.expected ? `expected ${issue.expected}` : `failed the ${issue.type} check`;
  return key ? `${key}: ${what}` : what;
}
