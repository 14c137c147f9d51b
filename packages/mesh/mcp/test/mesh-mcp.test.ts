import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { DM_KINDS, MeshClient, type Message } from "@mesh/client";
import { startGateway } from "@mesh/gateway";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, errorText, type McpSession, startMcp } from "./mcp-harness.js";

const ADMIN_TOKEN = "admin-token-for-mcp-tests-0123456789";
const TOOLS = [
  "list_peers",
  "send_message",
  "check_inbox",
  "mark_read",
  "wait_for_messages",
  "get_thread",
];

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway;
let admin: MeshClient;
let labToken: string;
let dropletToken: string;
let lab: McpSession;
let droplet: McpSession;
const sessions: McpSession[] = [];

async function session(env: Record<string, string>): Promise<McpSession> {
  const started = await startMcp(env);
  sessions.push(started);
  return started;
}

function peerEnv(node: string, token: string): Record<string, string> {
  return { MESH_NODE: node, MESH_GATEWAY_URL: gateway.url, MESH_GATEWAY_TOKEN: token };
}

/** Every message addressed to `node`, read with the admin token. */
function inboxOf(node: string): Promise<Message[]> {
  return admin.fetch({ toNode: node, limit: 1000 });
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  admin = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  labToken = await gateway.issueToken("lab-ovh");
  dropletToken = await gateway.issueToken("droplet");
  for (const [node, token] of [
    ["lab-ovh", labToken],
    ["droplet", dropletToken],
  ] as const) {
    const client = new MeshClient({ node, gatewayUrl: gateway.url, token });
    await client.register();
    await client.close();
  }
  [lab, droplet] = await Promise.all([
    session(peerEnv("lab-ovh", labToken)),
    session(peerEnv("droplet", dropletToken)),
  ]);
});

afterAll(async () => {
  await Promise.all(sessions.map((started) => started.close()));
  await admin?.close();
  await gateway?.close();
});

describe("mesh-mcp over stdio against a real gateway", () => {
  it("lists the six tools with input and output schemas and annotations", async () => {
    const { tools } = await lab.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description).toBeTruthy();
      for (const hint of ["readOnlyHint", "idempotentHint", "destructiveHint"] as const) {
        expect(typeof tool.annotations?.[hint]).toBe("boolean");
      }
    }
    const send = tools.find((tool) => tool.name === "send_message");
    expect(send?.inputSchema.required).toEqual(["to", "kind", "content"]);
    expect(send?.inputSchema.properties?.["kind"]).toMatchObject({ enum: [...DM_KINDS] });
    expect(send?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((t) => t.name);
    expect(readOnly).toEqual(["list_peers", "check_inbox", "wait_for_messages", "get_thread"]);
  });

  it("answers a tool call and a resource read that come before any tools/list", async () => {
    const sent = await call(lab, "send_message", { to: "droplet", kind: "fyi", content: "first" });
    const { id } = (sent.structuredContent as { message: Message }).message;
    const reader = await session(peerEnv("droplet", dropletToken));
    const read = await reader.client.readResource({ uri: "mesh://inbox" });
    expect(read.contents[0]).toMatchObject({ uri: "mesh://inbox", mimeType: "application/json" });
    const caller = await session(peerEnv("droplet", dropletToken));
    const inbox = await call(caller, "check_inbox", { after_id: id - 1 });
    expect(inbox.isError).toBeFalsy();
    expect(inbox.structuredContent).toMatchObject({ messages: [{ id, content: "first" }] });
    expect(await call(caller, "mark_read", { ids: [id] })).toMatchObject({
      structuredContent: { marked: [id], notFound: [] },
    });
  });

  it("lets two agents exchange a question and an answer in a thread", async () => {
    const asked = await call(lab, "send_message", {
      to: "droplet",
      kind: "question",
      content: "which node has the GPU?",
      thread_id: "gpu-question",
    });
    expect(asked.isError).toBeFalsy();
    const question = (asked.structuredContent as { message: Message }).message;
    expect(question).toMatchObject({ from_node: "lab-ovh", to_node: "droplet", kind: "question" });

    const waited = await call(droplet, "wait_for_messages", { timeout_seconds: 30 });
    const received = (waited.structuredContent as { messages: Message[] }).messages;
    expect(received).toMatchObject([
      { id: question.id, content: "which node has the GPU?", thread_id: "gpu-question" },
    ]);

    await call(droplet, "send_message", {
      to: "lab-ovh",
      kind: "answer",
      content: "gpu-wsl has it",
      thread_id: "gpu-question",
    });
    await call(droplet, "mark_read", { ids: [question.id] });

    const answered = await call(lab, "wait_for_messages", {});
    const [answer] = (answered.structuredContent as { messages: Message[] }).messages;
    expect(answer).toMatchObject({
      from_node: "droplet",
      kind: "answer",
      content: "gpu-wsl has it",
    });

    for (const agent of [lab, droplet]) {
      const thread = await call(agent, "get_thread", { thread_id: "gpu-question" });
      expect((thread.structuredContent as { messages: Message[] }).messages).toMatchObject([
        { id: question.id, kind: "question", content: "which node has the GPU?" },
        { id: answer?.id, kind: "answer", content: "gpu-wsl has it" },
      ]);
    }

    const marked = await call(lab, "mark_read", { ids: [answer?.id, 999_999] });
    expect(marked.structuredContent).toEqual({ marked: [answer?.id], notFound: [999_999] });
    const unread = await call(lab, "check_inbox", {});
    const ids = (unread.structuredContent as { messages: Message[] }).messages.map((m) => m.id);
    expect(ids).not.toContain(answer?.id);
  });

  it("does not hand back a message a wait already returned", async () => {
    const sent = await call(lab, "send_message", { to: "droplet", kind: "fyi", content: "once" });
    const { id } = (sent.structuredContent as { message: Message }).message;
    const first = await call(droplet, "wait_for_messages", { timeout_seconds: 5 });
    expect((first.structuredContent as { messages: Message[] }).messages.map((m) => m.id)).toEqual([
      id,
    ]);
    const second = await call(droplet, "wait_for_messages", { timeout_seconds: 1 });
    expect(second.structuredContent).toEqual({ messages: [] });
    const again = await call(droplet, "wait_for_messages", {
      timeout_seconds: 1,
      after_id: id - 1,
    });
    expect((again.structuredContent as { messages: Message[] }).messages.map((m) => m.id)).toEqual([
      id,
    ]);
  });

  it("pages the inbox with after_id and limit, and never marks anything read", async () => {
    const ids: number[] = [];
    for (const content of ["page one", "page two", "page three"]) {
      const sent = await call(lab, "send_message", { to: "droplet", kind: "fyi", content });
      ids.push((sent.structuredContent as { message: Message }).message.id);
    }
    const [first, second, third] = ids as [number, number, number];
    const idsOf = (result: { structuredContent?: unknown }) =>
      (result.structuredContent as { messages: Message[] }).messages.map((m) => m.id);
    expect(idsOf(await call(droplet, "check_inbox", { after_id: first, limit: 1 }))).toEqual([
      second,
    ]);
    expect(idsOf(await call(droplet, "check_inbox", { after_id: second }))).toEqual([third]);
    const unread = idsOf(await call(droplet, "check_inbox", { limit: 1000 }));
    expect(unread).toEqual(expect.arrayContaining(ids));
  });

  it("answers a read of an unknown resource with a protocol error", async () => {
    await expect(droplet.client.readResource({ uri: "mesh://outbox" })).rejects.toThrow(
      /unknown resource/,
    );
  });

  it("refuses a pasted key as a tool error naming the rule, and nothing reaches the gateway", async () => {
    const key = `ghp_${randomBytes(27).toString("base64url").replace(/[-_]/g, "a").slice(0, 36)}`;
    const before = await inboxOf("droplet");
    const result = await call(lab, "send_message", {
      to: "droplet",
      kind: "fyi",
      content: `here is the key: ${key}`,
    });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/github token/);
    expect(errorText(result)).toMatch(/rule github/);
    expect(JSON.stringify(result)).not.toContain(key);
    expect(lab.stderr()).not.toContain(key);
    expect(await inboxOf("droplet")).toEqual(before);
  });

  it("refuses a message to oneself, also through an alias", async () => {
    const before = await inboxOf("droplet");
    const result = await call(droplet, "send_message", { to: "drop", kind: "fyi", content: "hi" });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/yourself/);
    expect(await inboxOf("droplet")).toEqual(before);
  });

  it("names a close registered peer when the recipient is unknown", async () => {
    const result = await call(lab, "send_message", { to: "droplat", kind: "fyi", content: "x" });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/did you mean droplet\?/);
  });

  it("explains invalid arguments by field, without quoting the value", async () => {
    const result = await call(lab, "send_message", { to: "droplet", kind: "gossip", content: "x" });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/^invalid arguments for send_message: kind: expected/);
    const tooMany = await call(lab, "mark_read", {
      ids: Array.from({ length: 101 }, (_, i) => i),
    });
    expect(errorText(tooMany)).toMatch(/ids: expected <=100/);
  });

  it("answers a wrong token with a tool error that says which setting to fix", async () => {
    const wrong = `mesh_${"x".repeat(48)}`;
    const agent = await session(peerEnv("lab-ovh", wrong));
    const result = await call(agent, "list_peers");
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/rejected the token/);
    expect(errorText(result)).toMatch(/MESH_GATEWAY_TOKEN/);
    expect(JSON.stringify(result)).not.toContain(wrong);
    expect(agent.stderr()).not.toContain(wrong);
  });

  it("answers an unreachable gateway with a tool error that points at MESH_GATEWAY_URL", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const agent = await session({
      MESH_NODE: "lab-ovh",
      MESH_GATEWAY_URL: url,
      MESH_GATEWAY_TOKEN: labToken,
    });
    const result = await call(agent, "check_inbox");
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/could not reach the mesh gateway/);
    expect(errorText(result)).toMatch(/MESH_GATEWAY_URL/);
    expect(JSON.stringify(result)).not.toContain(labToken);
  });

  it("notifies a subscriber of mesh://inbox when a DM arrives", async () => {
    const updated = new Promise<string>((resolve) => {
      droplet.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
        resolve(notification.params.uri),
      );
    });
    const { resources } = await droplet.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(["mesh://inbox"]);
    await droplet.client.subscribeResource({ uri: "mesh://inbox" });
    await call(lab, "send_message", { to: "droplet", kind: "status", content: "deploy done" });
    expect(await updated).toBe("mesh://inbox");
    const read = await droplet.client.readResource({ uri: "mesh://inbox" });
    const first = read.contents[0];
    const { messages } = JSON.parse(first && "text" in first ? first.text : "{}") as {
      messages: Message[];
    };
    expect(messages.map((message) => message.content)).toContain("deploy done");
    await droplet.client.unsubscribeResource({ uri: "mesh://inbox" });
  });
});
