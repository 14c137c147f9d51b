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
import { redactSecret } from "./redact-secret.js";
import { SentLog } from "./sent-log.js";
import { StdioLineTransport } from "./stdio-line-transport.js";
import { ToolCallShortcut } from "./tool-call-shortcut.js";
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
  /** A call's outcome, its text already free of the token. */
  const run = async (request: unknown, signal: AbortSignal): Promise<CallOutcome> => {
    const params = v.safeParse(CallParams, request);
    if (!params.success) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `invalid tools/call request: ${describeIssue(params.issues)}`,
      );
    }
    const { name, arguments: args = {} } = params.output;
    const tool = byName.get(name);
    if (!tool) {
      return failure(`unknown tool '${name}': use one of ${[...byName.keys()].join(", ")}`, token);
    }
    try {
      return await callTool(tool, args, signal, token);
    } catch (error) {
      const text = describe(error);
      log(`${tool.name} failed: ${text}`);
      return failure(text, token);
    }
  };
  // Calls come through the fallback handler rather than setRequestHandler, which would have the
  // SDK parse each call twice and its result once more with zod, all on the round trip. On the
  // program's own transport they skip the SDK altogether (see ToolCallShortcut).
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "tools/call") throw methodNotFound();
    return toResult(await run(request.params, extra.signal));
  };
  const shortcut = new ToolCallShortcut(async (params, signal) =>
    toResultJson(await run(params, signal)),
  );
  // Only the program's own transport has the hook; other transports (a library user's) keep the
  // SDK's path, with the same results.
  const connect = server.connect.bind(server);
  server.connect = (transport) => {
    if (transport instanceof StdioLineTransport) shortcut.attach(transport);
    return connect(transport);
  };

  const subscription = new InboxSubscription(
    inbox,
    () => server.sendResourceUpdated({ uri: INBOX_URI }),
    (error) => log(`following the inbox failed, retrying: ${describe(error)}`),
  );
  server.onclose = () => {
    shortcut.abortAll();
    subscription.stop();
  };
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
  return server;
}

/** A finished call: the structured result and its JSON, or the text of a failure. */
type CallOutcome = { structured: Record<string, unknown>; json: string } | { failure: string };

async function callTool(
  tool: MeshTool,
  input: unknown,
  signal: AbortSignal,
  token: string | undefined,
): Promise<CallOutcome> {
  const parsed = v.safeParse(tool.input, input);
  if (!parsed.success) {
    return failure(`invalid arguments for ${tool.name}: ${describeIssue(parsed.issues)}`, token);
  }
  const structured = await tool.run(parsed.output, signal);
  const json = JSON.stringify(structured);
  // One scan of the JSON the result is sent as (where the token appears as JSON escapes it): a
  // message or a gateway answer may quote the token.
  if (token && json.includes(JSON.stringify(token).slice(1, -1))) {
    const redacted = redactSecret(structured, token);
    return { structured: redacted, json: JSON.stringify(redacted) };
  }
  return { structured, json };
}

/** The outcome as the `tools/call` result: structured, and as JSON text for older clients. */
function toResult(outcome: CallOutcome): CallToolResult {
  if ("failure" in outcome) {
    return { content: [{ type: "text", text: outcome.failure }], isError: true };
  }
  return {
    content: [{ type: "text", text: outcome.json }],
    structuredContent: outcome.structured,
  };
}

/** {@link toResult} as JSON, serializing the structured result once rather than twice. */
function toResultJson(outcome: CallOutcome): string {
  if ("failure" in outcome) return JSON.stringify(toResult(outcome));
  return `{"content":[{"type":"text","text":${JSON.stringify(outcome.json)}}],"structuredContent":${outcome.json}}`;
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

function failure(text: string, token: string | undefined): CallOutcome {
  return { failure: redactSecret(text, token) };
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
