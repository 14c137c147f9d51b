import type { MeshClient } from "@mesh/client";
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
import { describeToolError } from "./describe-tool-error.js";
import { InboxReader } from "./inbox-reader.js";
import { InboxSubscription } from "./inbox-subscription.js";
import { createMeshTools, type MeshTool } from "./mesh-tools.js";
import { SentLog } from "./sent-log.js";
import { jsonSchemaOf } from "./tool-schemas.js";

/** The resource that lists the own unread messages. */
export const INBOX_URI = "mesh://inbox";
const INBOX_PAGE = 100;

/** Options of {@link createMeshMcpServer}. */
export interface MeshMcpServerOptions {
  /** The client every tool uses; its `node` is the agent's identity. Required. The caller closes it. */
  client: MeshClient;
  /** The client's gateway token, so that no error text can ever quote it. Default: none. */
  token?: string | undefined;
  /** Where diagnostics go (never stdout, which carries the protocol). Default: discarded. */
  log?: ((line: string) => void) | undefined;
}

/**
 * An MCP server (not yet connected to a transport) that gives an agent its mesh identity: the
 * six tools and the `mesh://inbox` resource with update notifications.
 */
export function createMeshMcpServer(options: MeshMcpServerOptions): Server {
  const { client, token } = options;
  const log = options.log ?? (() => {});
  const inbox = new InboxReader(client);
  const tools = createMeshTools({
    client,
    inbox,
    sent: new SentLog(),
    cursor: { newestReturned: 0 },
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const describe = (error: unknown) => describeToolError(error, { node: client.node, token });

  const server = new Server(
    { name: "mesh", title: "Mesh", version: pkg.version },
    {
      capabilities: { tools: {}, resources: { subscribe: true } },
      instructions: `You are peer '${client.node}' on a mesh of agents. Find peers with list_peers, message them with send_message, read what arrives with check_inbox or wait_for_messages, and mark_read what you have handled. Never put credentials in a message.`,
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
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      return failure(
        `unknown tool '${request.params.name}': use one of ${[...byName.keys()].join(", ")}`,
      );
    }
    try {
      return await callTool(tool, request.params.arguments ?? {}, extra.signal);
    } catch (error) {
      const text = describe(error);
      log(`${tool.name} failed: ${text}`);
      return failure(text);
    }
  });

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
        title: `Unread messages of ${client.node}`,
        description: `The unread direct messages addressed to '${client.node}', oldest first (at most ${INBOX_PAGE}). Subscribe to hear when a new one arrives.`,
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
