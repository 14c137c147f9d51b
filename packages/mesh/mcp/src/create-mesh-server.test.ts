import type { MeshClient, Message } from "@mesh/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  ListPromptsResultSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
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

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe("createMeshServer", () => {
  it("answers initialize and tools/list without asking for the client, then warms it up", async () => {
    const client = source({ fetch: async () => [message] });
    const mcp = await connect(client);
    expect(mcp.getInstructions()).toMatch(/peer 'droplet'/);
    const { tools } = await mcp.listTools();
    expect(tools).toHaveLength(6);
    expect(client.asked).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.asked).toBe(1);
  });

  it("answers a tool call that comes before any tools/list", async () => {
    const client = source({ fetch: async () => [message] });
    const mcp = await connect(client);
    const result = (await mcp.callTool({ name: "check_inbox", arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ messages: [message] });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      messages: [message],
    });
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
    expect(invalid.content[0]).toMatchObject({ text: /^invalid arguments for check_inbox: limit/ });
  });

  it("answers a malformed tools/call and an unknown method with the protocol's errors", async () => {
    const mcp = await connect(source({}));
    const malformed = mcp.request(
      { method: "tools/call", params: { arguments: {} } },
      CallToolResultSchema,
    );
    await expect(malformed).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    const unknown = mcp.request({ method: "prompts/list" }, ListPromptsResultSchema);
    await expect(unknown).rejects.toEqual(
      new McpError(ErrorCode.MethodNotFound, "Method not found"),
    );
  });
});
