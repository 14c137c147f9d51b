import { PassThrough } from "node:stream";
import type { MeshClient, Message } from "@mesh/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  ListPromptsResultSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientSource } from "./client-source.js";
import { createMeshServer } from "./create-mesh-server.js";

const message: Message = {
  id: 7,
  from_node: "lab-ovh",
  to_node: "droplet",
  kind: "fyi",
  content: "build 4711 finished",
  thread_id: null,
  related_task_id: null,
  created_at: "2026-01-01T00:00:00.000Z",
  read_at: null,
};

/** A client source that counts how often it is asked, answering with `client` or failing. */
function source(client: Partial<MeshClient> | Error): ClientSource & { asked: number } {
  const ask = Object.assign(
    () => {
      ask.asked += 1;
      return client instanceof Error
        ? Promise.reject(client)
        : Promise.resolve(client as MeshClient);
    },
    { asked: 0 },
  );
  return ask;
}

const clients: Client[] = [];

async function connect(client: ClientSource): Promise<Client> {
  const server = createMeshServer({ node: "droplet", client, token: "secret-token-value" });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: "test", version: "1.0.0" });
  await mcp.connect(clientSide);
  clients.push(mcp);
  return mcp;
}

/**
 * Connected as the program connects, over the SDK's stdio transport; the client side uses the
 * same line framing over the other ends of the pipes.
 */
async function connectOverStdio(client: ClientSource) {
  const server = createMeshServer({ node: "droplet", client, token: "secret-token-value" });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const written: string[] = [];
  toClient.on("data", (chunk: Buffer) => written.push(chunk.toString("utf8")));
  await server.connect(new StdioServerTransport(toServer, toClient));
  const mcp = new Client({ name: "test", version: "1.0.0" });
  await mcp.connect(new StdioServerTransport(toClient, toServer));
  clients.push(mcp);
  return { mcp, server, written };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe("createMeshServer", () => {
  it("answers initialize and tools/list without asking for the client, then warms it up", async () => {
    const client = source({ fetch: async () => [message] });
    const mcp = await connect(client);
    expect(mcp.getInstructions()).toMatch(/peer 'droplet'/);
    const { tools } = await mcp.listTools();
    expect(tools).toHaveLength(9);
    expect(client.asked).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.asked).toBe(1);
  });

  it("answers a tool call that comes before any tools/list", async () => {
    const client = source({ fetch: async () => [message] });
    const mcp = await connect(client);
    const result = (await mcp.callTool({ name: "check_inbox", arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ messages: [message], has_more: false });
    expect((result.content[0] as { text: string }).text).toBe(
      [
        "1 unread message:",
        "#7 from lab-ovh (fyi, unread): build 4711 finished",
        "Answer a question with send_message (kind 'answer', the same thread_id); call mark_read with ids [7] once handled.",
      ].join("\n"),
    );
  });

  it("turns a client that cannot be made into a tool error on every call, without the token", async () => {
    const client = source(new Error("could not load secret-token-value"));
    const mcp = await connect(client);
    for (const name of ["list_peers", "check_inbox"]) {
      const result = (await mcp.callTool({ name, arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: "could not load [REDACTED]" }]);
    }
  });

  it("answers an unknown tool and invalid arguments with tool errors", async () => {
    const mcp = await connect(source({}));
    const unknown = (await mcp.callTool({ name: "send_fax", arguments: {} })) as CallToolResult;
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.content[0]).toMatchObject({ text: /^unknown tool 'send_fax': use one of / });
    const invalid = (await mcp.callTool({
      name: "check_inbox",
      arguments: { limit: "all" },
    })) as CallToolResult;
    expect(invalid.content[0]).toMatchObject({
      text: /^invalid arguments for check_inbox: 'limit' must be a number \(limit: most messages/,
    });
  });

  it("answers a malformed tools/call and an unknown method with the protocol's errors", async () => {
    const mcp = await connect(source({}));
    const malformed = mcp.request(
      { method: "tools/call", params: { arguments: {} } },
      CallToolResultSchema,
    );
    // The SDK's own answer: its request schema refuses the call before any handler runs.
    await expect(malformed).rejects.toBeInstanceOf(McpError);
    const unknown = mcp.request({ method: "prompts/list" }, ListPromptsResultSchema);
    await expect(unknown).rejects.toEqual(
      new McpError(ErrorCode.MethodNotFound, "Method not found"),
    );
  });
});

describe("createMeshServer on its stdio transport", () => {
  it("answers a call with the same result as over an in-memory transport", async () => {
    const fetch = async () => [message];
    const { mcp } = await connectOverStdio(source({ fetch }));
    const viaSdk = await connect(source({ fetch }));
    const args = { name: "check_inbox", arguments: { limit: 5 } };
    expect(await mcp.callTool(args)).toEqual(await viaSdk.callTool(args));
  });

  it("never returns the token, in the structured result or its text", async () => {
    const leaked = { ...message, content: "my token is secret-token-value" };
    const { mcp, written } = await connectOverStdio(source({ fetch: async () => [leaked] }));
    const result = (await mcp.callTool({ name: "check_inbox", arguments: {} })) as CallToolResult;
    expect(result.structuredContent).toEqual({
      messages: [{ ...message, content: "my token is [REDACTED]" }],
      has_more: false,
    });
    expect(written.join("")).not.toContain("secret-token-value");
  });

  it("redacts a token that JSON escapes", async () => {
    const token = 'tok"en\\value';
    const leaked = { ...message, content: `quoting ${token}` };
    const server = createMeshServer({
      node: "droplet",
      client: source({ fetch: async () => [leaked] }),
      token,
    });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: "test", version: "1.0.0" });
    await mcp.connect(clientSide);
    clients.push(mcp);
    const result = (await mcp.callTool({ name: "check_inbox", arguments: {} })) as CallToolResult;
    expect(JSON.stringify(result)).not.toContain(JSON.stringify(token).slice(1, -1));
    expect(result.structuredContent).toEqual({
      messages: [{ ...message, content: "quoting [REDACTED]" }],
      has_more: false,
    });
  });

  it("stops a cancelled call and does not answer it", async () => {
    let stopped: AbortSignal | undefined;
    const watch = async function* (options: { signal: AbortSignal }) {
      stopped = options.signal;
      await new Promise((resolve) => options.signal.addEventListener("abort", resolve));
      yield* [];
    };
    const { mcp, written } = await connectOverStdio(source({ watch } as Partial<MeshClient>));
    const cancel = new AbortController();
    const call = mcp.callTool({ name: "wait_for_messages", arguments: {} }, undefined, {
      signal: cancel.signal,
    });
    await vi.waitFor(() => expect(stopped).toBeDefined());
    const before = written.length;
    cancel.abort("no longer needed");
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(stopped?.aborted).toBe(true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toHaveLength(before);
  });

  it("stops running calls when the connection closes", async () => {
    let stopped: AbortSignal | undefined;
    const watch = async function* (options: { signal: AbortSignal }) {
      stopped = options.signal;
      await new Promise((resolve) => options.signal.addEventListener("abort", resolve));
      yield* [];
    };
    const { mcp, server } = await connectOverStdio(source({ watch } as Partial<MeshClient>));
    const call = mcp.callTool({ name: "wait_for_messages", arguments: {} });
    await vi.waitFor(() => expect(stopped).toBeDefined());
    await server.close();
    expect(stopped?.aborted).toBe(true);
    await mcp.close();
    await expect(call).rejects.toThrow();
  });

  it("answers a malformed call with the protocol's error", async () => {
    const { mcp } = await connectOverStdio(source({}));
    const malformed = mcp.request(
      { method: "tools/call", params: { arguments: {} } },
      CallToolResultSchema,
    );
    await expect(malformed).rejects.toMatchObject({ message: expect.stringMatching(/name/) });
  });
});
