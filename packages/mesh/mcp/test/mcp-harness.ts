import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The built bin: the tests run what users run. */
export const BIN = fileURLToPath(new URL("../bin/mesh-mcp.js", import.meta.url));

/** An MCP client connected over stdio to a fresh `mesh-mcp` process. */
export interface McpSession {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function startMcp(
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env,
    stderr: "pipe",
  });
  let logged = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    logged += chunk.toString("utf8");
  });
  const client = new Client({ name: "mesh-mcp-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => logged, close: () => client.close() };
}

/** Calls a tool and returns its result, typed as the tools/call result it is. */
export async function call(
  session: McpSession,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await session.client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a failed call. */
export function errorText(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

/** The structured result of a successful call; throws with the text of a failed one. */
export async function structured<T>(
  session: McpSession,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await call(session, name, args);
  if (result.isError) throw new Error(`${name} failed: ${errorText(result)}`);
  return result.structuredContent as T;
}
